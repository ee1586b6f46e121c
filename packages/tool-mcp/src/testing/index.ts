export {
  type FakeServerBehaviour,
  fakeServerPath,
  fakeStdioServer,
} from "./fake-server-config.js";
export { type HostileHttpBehaviour, startHostileHttp } from "./hostile-http.js";
export {
  freePort,
  groupOf,
  isRunning,
  processesInGroup,
  processesMatching,
  residentMegabytes,
  stopProcess,
  waitFor,
} from "./processes.js";
export { type RecordedRequest, startRecordingProxy } from "./recording-proxy.js";
export {
  everythingPath,
  everythingStdio,
  filesystemPath,
  filesystemStdio,
  type HttpServerProcess,
  messagesIn,
  recordingEverythingStdio,
  startEverythingHttp,
} from "./reference-servers.js";
