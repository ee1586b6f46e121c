export { extractAnswer, NO_RESULT } from "./extract-answer.js";
export { availability, createTools, description, environment } from "./plugin.js";
export { SearchError, type SearchFailureReason } from "./search-failure.js";
export { type SearchOptions, searchUnavailable } from "./search-settings.js";
export { createSearchTool, SEARCH_DESCRIPTION } from "./search-tool.js";
