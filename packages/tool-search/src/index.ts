export { extractAnswer, NO_RESULT } from "./extract-answer.js";
export {
  createSearchTool,
  SEARCH_DESCRIPTION,
  type SearchOptions,
  searchUnavailable,
} from "./search-tool.js";
