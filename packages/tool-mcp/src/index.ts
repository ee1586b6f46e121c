export {
  type HttpServer,
  parseMcpConfig,
  readMcpConfig,
  type ServerConfig,
  type StdioServer,
} from "./config.js";
export { describeResult, type ToolResult } from "./describe-result.js";
export { availability, createTools, description, environment } from "./plugin.js";
export { FUNCTION_NAME } from "./tool-names.js";
