export {
  createHackerNewsTool,
  HACKERNEWS_DESCRIPTION,
  type HackerNewsOptions,
} from "./hackernews-tool.js";
export { createTools, description, environment } from "./plugin.js";
