export { type FakeSearchReply, startFakeSerpApi } from "./fake-serpapi.js";
