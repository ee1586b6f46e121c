export {
  type FakeComment,
  type FakeHackerNewsOptions,
  startFakeHackerNews,
} from "./fake-hackernews.js";
