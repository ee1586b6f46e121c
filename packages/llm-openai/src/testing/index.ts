export {
  type FakeOpenAiOptions,
  type FakeReply,
  type FakeScript,
  type FakeTextReply,
  type RecordedRequest,
  startFakeOpenAi,
} from "./fake-openai-server.js";
