export {
  freePort,
  isRunning,
  processesMatching,
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
