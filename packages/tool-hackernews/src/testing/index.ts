export { type FakeHackerNewsOptions, startFakeHackerNews } from "./fake-hackernews.js";
