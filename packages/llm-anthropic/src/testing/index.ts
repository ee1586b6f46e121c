export {
  type FakeAnthropicOptions,
  type FakeReply,
  type FakeScript,
  type FakeTextReply,
  type RecordedRequest,
  startFakeAnthropic,
} from "./fake-anthropic-server.js";
export { countTokens } from "./prompt-cache.js";
export type { FakeRefusal } from "./request-checks.js";
