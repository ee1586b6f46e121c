/**
 * The small instruct model offered to a newcomer with no key and no server: good enough
 * at the ReAct format, quick on a laptop CPU, Apache-2.0. Its size is stated before the
 * download starts.
 */
export const RECOMMENDED_LOCAL_MODEL = {
  name: "Qwen2.5 1.5B Instruct (Q4_K_M)",
  uri: "hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf",
  bytes: 1_117_320_736,
  license: "Apache-2.0",
} as const;
