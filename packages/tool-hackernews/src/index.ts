export {
  createHackerNewsTool,
  HACKERNEWS_DESCRIPTION,
  type HackerNewsOptions,
} from "./hackernews-tool.js";
