export {
  answerCommon,
  cutAtStop,
  type FakeCommonReply,
  type FakeFailureReply,
  type FakeScript,
  type FakeStreamOptions,
  jsonObject,
  nextReply,
  piecesOf,
  sseEvent,
  streamPieces,
} from "./fake-script.js";
export {
  type FakeHandler,
  type FakeHeaders,
  type FakeRequest,
  type FakeResponder,
  type FakeServer,
  type FakeStream,
  pause,
  startFakeServer,
} from "./fake-server.js";
export {
  HOSTILE_ENTITIES,
  HOSTILE_TEXTS,
  type HostileKind,
  type HostileText,
  PROTOTYPE_NAMES,
  TERMINAL_FORBIDDEN,
} from "./hostile-text.js";
export { providerContract } from "./provider-contract.js";
export type {
  ContractHttpFailure,
  ContractLines,
  ContractReply,
  ContractRequest,
  ContractServer,
  ContractSettings,
  ContractTextReply,
  HttpContract,
  ProviderCheck,
  ProviderContractOptions,
} from "./provider-contract-options.js";
export {
  SCRIPT_CAPABILITIES,
  ScriptedLlm,
  type ScriptedLlmOptions,
  type ScriptedReply,
  type ScriptedToolCall,
} from "./scripted-llm.js";
