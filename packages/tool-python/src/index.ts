export { DEFAULT_LIMITS, type PythonLimits } from "./limits.js";
export { availability, createTools, description, environment } from "./plugin.js";
export { createPythonTool, type PythonTool, type PythonToolOptions } from "./python-tool.js";
