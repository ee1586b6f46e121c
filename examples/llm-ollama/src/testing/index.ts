export {
  type FakeOllama,
  type FakeOllamaReply,
  type FakeToolCall,
  startFakeOllama,
} from "./fake-ollama.js";
