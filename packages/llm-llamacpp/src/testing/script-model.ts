import { encodeGguf, type GgufTensor } from "./gguf-writer.js";

/**
 * One step of a script model: what it writes after the trigger. Each item is a phrase, or
 * alternatives in order of preference (the next is taken when a grammar rules out the
 * first). The first item must be a single phrase used nowhere else: seeing it in the
 * context is how the model knows the step is done.
 */
export interface ScriptStep {
  readonly phrases: readonly (string | readonly string[])[];
  /** After the last phrase: end of text (default) or the last phrase again, forever. */
  readonly ending?: "end" | "repeat";
}

export interface ScriptModelSpec {
  /** The phrase a prompt ends with when the model should write its next step, e.g. "Thought:". */
  readonly trigger: string;
  /** Step 1 follows the trigger; step n+1 follows it once step n's first phrase is in the context. */
  readonly steps: readonly ScriptStep[];
  /** The model's trained context length; default 4096. */
  readonly contextLength?: number;
  readonly name?: string;
}

// A one-layer llama, 64 wide, one attention head of 64, all F32.
const WIDTH = 64;
const FEED_FORWARD = 16;
// How strongly a phrase calls for its successor; a fallback alternative gets half.
const SUCCESSOR_WEIGHT = 10;
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, byte: 6 } as const;
// Residual dimensions: a constant one on every token, one for BOS, then one per phrase and stage.
const BIAS_DIM = 0;
const BOS_DIM = 1;
// Query/key dimensions in the attention head; RoPE barely turns the last pairs (huge base).
const SINK_QK_DIM = 60;
const MARKER_QK_DIM = 62;

/**
 * Builds a tiny GGUF whose greedy output follows a script: each phrase is a whole
 * user-defined token that calls for its successor through the output matrix, and one
 * attention head at the trigger looks back for the latest step marker, so the same
 * trigger continues with step 1, then step 2 and so on. Every other context ends the text.
 */
export function buildScriptModel(spec: ScriptModelSpec): Uint8Array {
  const vocabulary = new Vocabulary();
  const successors = new Map<number, { token: number; weight: number }[]>();
  const trigger = vocabulary.phrase(spec.trigger);
  const markers: number[] = [];
  const stageSuccessors: number[] = [];

  const call = (from: number, to: number, weight: number) => {
    const list = successors.get(from) ?? [];
    if (list.some((entry) => entry.weight === weight && entry.token !== to)) {
      throw new Error(`Phrase '${vocabulary.text(from)}' is followed by two different phrases`);
    }
    if (!list.some((entry) => entry.token === to)) list.push({ token: to, weight });
    successors.set(from, list);
  };

  spec.steps.forEach((step, index) => {
    const [first] = step.phrases;
    if (typeof first !== "string") throw new Error(`Step ${index + 1} must start with one phrase`);
    const marker = vocabulary.phrase(first);
    if (markers.includes(marker) || marker === trigger) {
      throw new Error(`Step ${index + 1} must start with a phrase of its own`);
    }
    if (index === 0) call(trigger, marker, SUCCESSOR_WEIGHT);
    else stageSuccessors.push(marker);
    markers.push(marker);
    let previous: number[] = [];
    for (const item of step.phrases) {
      const choices = (typeof item === "string" ? [item] : item).map((text) => {
        const token = vocabulary.phrase(text);
        if (token === trigger) throw new Error("The trigger cannot be part of a step");
        return token;
      });
      for (const from of previous) {
        choices.forEach((to, rank) => {
          call(from, to, SUCCESSOR_WEIGHT / 2 ** rank);
        });
      }
      previous = choices;
    }
    for (const from of previous) {
      call(from, step.ending === "repeat" ? from : Vocabulary.EOS, SUCCESSOR_WEIGHT);
    }
  });

  const phraseDims = new Map<number, number>();
  for (const token of vocabulary.phraseTokens()) phraseDims.set(token, 2 + phraseDims.size);
  // Stage s (1-based) means "step s is done": written by attention, read by the output.
  const stageDim = (stage: number) => 1 + phraseDims.size + stage;
  if (stageDim(stageSuccessors.length) >= WIDTH) {
    throw new Error(`Too many phrases for a ${WIDTH}-wide script model`);
  }
  const dimOf = (token: number) => phraseDims.get(token);

  const size = vocabulary.size;
  const embedding = matrix(WIDTH, size);
  embedding.set(Vocabulary.BOS, BOS_DIM, 1);
  for (let token = 0; token < size; token++) embedding.set(token, BIAS_DIM, 1);
  for (const [token, dim] of phraseDims) embedding.set(token, dim, 1);

  // Activations entering attention are RMS-normalised: a token with two ones reads sqrt(32).
  const normalised = Math.sqrt(WIDTH / 2);
  const query = matrix(WIDTH, WIDTH);
  const key = matrix(WIDTH, WIDTH);
  const value = matrix(WIDTH, WIDTH);
  const attentionOut = matrix(WIDTH, WIDTH);
  // Every position looks at BOS (whose value is zero) unless a marker outbids it.
  query.set(SINK_QK_DIM, BIAS_DIM, 1);
  key.set(SINK_QK_DIM, BOS_DIM, 4);
  const triggerDim = dimOf(trigger) ?? BIAS_DIM;
  query.set(MARKER_QK_DIM, triggerDim, 1);
  markers.forEach((marker, index) => {
    const markerDim = dimOf(marker) ?? BIAS_DIM;
    // Later steps' markers score higher, so the latest step done wins.
    key.set(MARKER_QK_DIM, markerDim, 4 * (index + 2));
    value.set(index, markerDim, 1 / normalised);
    attentionOut.set(stageDim(index + 1), index, 1);
  });

  const output = matrix(WIDTH, size);
  output.set(Vocabulary.EOS, BIAS_DIM, 1);
  for (const [from, list] of successors) {
    const dim = dimOf(from);
    if (dim === undefined) continue;
    for (const { token, weight } of list) output.set(token, dim, weight);
  }
  stageSuccessors.forEach((token, index) => {
    output.set(token, stageDim(index + 1), 2 * SUCCESSOR_WEIGHT);
  });

  const ones = new Float32Array(WIDTH).fill(1);
  const tensors: GgufTensor[] = [
    { name: "token_embd.weight", dimensions: [WIDTH, size], data: embedding.data },
    { name: "blk.0.attn_norm.weight", dimensions: [WIDTH], data: ones },
    { name: "blk.0.attn_q.weight", dimensions: [WIDTH, WIDTH], data: query.data },
    { name: "blk.0.attn_k.weight", dimensions: [WIDTH, WIDTH], data: key.data },
    { name: "blk.0.attn_v.weight", dimensions: [WIDTH, WIDTH], data: value.data },
    { name: "blk.0.attn_output.weight", dimensions: [WIDTH, WIDTH], data: attentionOut.data },
    { name: "blk.0.ffn_norm.weight", dimensions: [WIDTH], data: ones },
    // A silent feed-forward block: the script lives in embeddings, attention and output.
    {
      name: "blk.0.ffn_gate.weight",
      dimensions: [WIDTH, FEED_FORWARD],
      data: new Float32Array(WIDTH * FEED_FORWARD),
    },
    {
      name: "blk.0.ffn_up.weight",
      dimensions: [WIDTH, FEED_FORWARD],
      data: new Float32Array(WIDTH * FEED_FORWARD),
    },
    {
      name: "blk.0.ffn_down.weight",
      dimensions: [FEED_FORWARD, WIDTH],
      data: new Float32Array(WIDTH * FEED_FORWARD),
    },
    { name: "output_norm.weight", dimensions: [WIDTH], data: ones },
    { name: "output.weight", dimensions: [WIDTH, size], data: output.data },
  ];

  return encodeGguf({
    metadata: {
      "general.architecture": { type: "string", value: "llama" },
      "general.name": { type: "string", value: spec.name ?? "script-model" },
      "general.file_type": { type: "uint32", value: 0 },
      "llama.context_length": { type: "uint32", value: spec.contextLength ?? 4096 },
      "llama.embedding_length": { type: "uint32", value: WIDTH },
      "llama.block_count": { type: "uint32", value: 1 },
      "llama.feed_forward_length": { type: "uint32", value: FEED_FORWARD },
      "llama.attention.head_count": { type: "uint32", value: 1 },
      "llama.attention.head_count_kv": { type: "uint32", value: 1 },
      "llama.attention.layer_norm_rms_epsilon": { type: "float32", value: 1e-5 },
      "llama.rope.dimension_count": { type: "uint32", value: WIDTH },
      "llama.rope.freq_base": { type: "float32", value: 1e9 },
      "tokenizer.ggml.model": { type: "string", value: "llama" },
      "tokenizer.ggml.tokens": { type: "string[]", value: vocabulary.texts() },
      "tokenizer.ggml.scores": { type: "float32[]", value: vocabulary.scores() },
      "tokenizer.ggml.token_type": { type: "int32[]", value: vocabulary.types() },
      "tokenizer.ggml.bos_token_id": { type: "uint32", value: Vocabulary.BOS },
      "tokenizer.ggml.eos_token_id": { type: "uint32", value: Vocabulary.EOS },
      "tokenizer.ggml.unknown_token_id": { type: "uint32", value: Vocabulary.UNKNOWN },
      "tokenizer.ggml.add_bos_token": { type: "bool", value: true },
      "tokenizer.ggml.add_eos_token": { type: "bool", value: false },
      // Otherwise llama.cpp puts a space before every prompt.
      "tokenizer.ggml.add_space_prefix": { type: "bool", value: false },
    },
    tensors,
  });
}

/** A SentencePiece-style vocabulary: specials, the 256 byte tokens, "▁", then the phrases. */
class Vocabulary {
  static readonly UNKNOWN = 0;
  static readonly BOS = 1;
  static readonly EOS = 2;
  readonly #texts: string[] = ["<unk>", "<s>", "</s>"];
  readonly #types: number[] = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control];
  readonly #phrases = new Map<string, number>();

  constructor() {
    for (let byte = 0; byte < 256; byte++) {
      this.#texts.push(`<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`);
      this.#types.push(TOKEN_TYPE.byte);
    }
    this.#texts.push("\u2581");
    this.#types.push(TOKEN_TYPE.normal);
  }

  /** The token of a phrase, added on first use as a user-defined token (matched literally). */
  phrase(text: string) {
    if (!text) throw new Error("A phrase cannot be empty");
    const known = this.#phrases.get(text);
    if (known !== undefined) return known;
    const token = this.#texts.length;
    this.#texts.push(text);
    this.#types.push(TOKEN_TYPE.userDefined);
    this.#phrases.set(text, token);
    return token;
  }

  phraseTokens() {
    return [...this.#phrases.values()];
  }

  text(token: number) {
    return this.#texts[token] ?? "";
  }

  get size() {
    return this.#texts.length;
  }

  texts() {
    return this.#texts;
  }

  types() {
    return this.#types;
  }

  scores() {
    return this.#texts.map(() => 0);
  }
}

/** A row-major F32 matrix in GGML order: `columns` values (the input side) per row. */
function matrix(columns: number, rows: number) {
  const data = new Float32Array(columns * rows);
  return {
    data,
    set(row: number, column: number, value: number) {
      data[row * columns + column] = value;
    },
  };
}
