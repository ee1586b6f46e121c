export type { GeminiErrorBody } from "./check-request.js";
export {
  type FakeGeminiOptions,
  type FakeReply,
  type FakeScript,
  type FakeTextReply,
  type RecordedRequest,
  startFakeGemini,
} from "./fake-gemini-server.js";
