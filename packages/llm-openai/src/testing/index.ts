export { type FakeReply, type RecordedRequest, startFakeOpenAi } from "./fake-openai-server.js";
