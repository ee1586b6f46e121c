/**
 * A minimal GGUF (version 3, little-endian) writer, written from the format's
 * specification (ggml docs/gguf.md): header, typed metadata, tensor infos, then the
 * tensor data, each tensor aligned. Enough for test models with F32 tensors.
 */

/** The metadata value types of the specification, by their numeric tag. */
const VALUE_TYPE = {
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
} as const;

const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

export type GgufValue =
  | { readonly type: "uint32"; readonly value: number }
  | { readonly type: "float32"; readonly value: number }
  | { readonly type: "bool"; readonly value: boolean }
  | { readonly type: "string"; readonly value: string }
  | { readonly type: "string[]"; readonly value: readonly string[] }
  | { readonly type: "float32[]"; readonly value: readonly number[] }
  | { readonly type: "int32[]"; readonly value: readonly number[] };

export interface GgufTensor {
  readonly name: string;
  /** GGML order: the first dimension is the one that varies fastest in `data`. */
  readonly dimensions: readonly number[];
  readonly data: Float32Array;
}

export interface GgufContent {
  readonly metadata: Readonly<Record<string, GgufValue>>;
  readonly tensors: readonly GgufTensor[];
}

/** Serialises a model into GGUF bytes. */
export function encodeGguf(content: GgufContent): Uint8Array {
  const out = new ByteWriter();
  out.bytes(new TextEncoder().encode("GGUF"));
  out.uint32(3);
  out.uint64(content.tensors.length);
  out.uint64(Object.keys(content.metadata).length);
  for (const [key, value] of Object.entries(content.metadata)) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of content.tensors) {
    const elements = tensor.dimensions.reduce((product, size) => product * size, 1);
    if (elements !== tensor.data.length) {
      throw new Error(`Tensor ${tensor.name}: ${tensor.data.length} values for ${elements}`);
    }
    out.string(tensor.name);
    out.uint32(tensor.dimensions.length);
    for (const size of tensor.dimensions) out.uint64(size);
    out.uint32(GGML_TYPE_F32);
    out.uint64(offset);
    offsets.push(offset);
    offset = align(offset + tensor.data.byteLength);
  }
  out.padTo(align(out.length));
  const dataStart = out.length;
  content.tensors.forEach((tensor, index) => {
    out.padTo(dataStart + (offsets[index] ?? 0));
    out.bytes(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
  });
  out.padTo(dataStart + offset);
  return out.toBytes();
}

function align(offset: number) {
  return offset + ((ALIGNMENT - (offset % ALIGNMENT)) % ALIGNMENT);
}

function writeValue(out: ByteWriter, entry: GgufValue) {
  switch (entry.type) {
    case "uint32":
      out.uint32(VALUE_TYPE.uint32);
      out.uint32(entry.value);
      return;
    case "float32":
      out.uint32(VALUE_TYPE.float32);
      out.float32(entry.value);
      return;
    case "bool":
      out.uint32(VALUE_TYPE.bool);
      out.bytes(Uint8Array.of(entry.value ? 1 : 0));
      return;
    case "string":
      out.uint32(VALUE_TYPE.string);
      out.string(entry.value);
      return;
    case "string[]":
      out.uint32(VALUE_TYPE.array);
      out.uint32(VALUE_TYPE.string);
      out.uint64(entry.value.length);
      for (const item of entry.value) out.string(item);
      return;
    case "float32[]":
      out.uint32(VALUE_TYPE.array);
      out.uint32(VALUE_TYPE.float32);
      out.uint64(entry.value.length);
      for (const item of entry.value) out.float32(item);
      return;
    case "int32[]":
      out.uint32(VALUE_TYPE.array);
      out.uint32(VALUE_TYPE.int32);
      out.uint64(entry.value.length);
      for (const item of entry.value) out.int32(item);
      return;
    default:
      entry satisfies never;
  }
}

/** A growable little-endian buffer. */
class ByteWriter {
  #buffer = new Uint8Array(1024);
  #view = new DataView(this.#buffer.buffer);
  length = 0;

  #reserve(size: number) {
    if (this.length + size <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.length + size));
    grown.set(this.#buffer);
    this.#buffer = grown;
    this.#view = new DataView(grown.buffer);
  }

  bytes(bytes: Uint8Array) {
    this.#reserve(bytes.length);
    this.#buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  uint32(value: number) {
    this.#reserve(4);
    this.#view.setUint32(this.length, value, true);
    this.length += 4;
  }

  int32(value: number) {
    this.#reserve(4);
    this.#view.setInt32(this.length, value, true);
    this.length += 4;
  }

  uint64(value: number) {
    this.#reserve(8);
    this.#view.setBigUint64(this.length, BigInt(value), true);
    this.length += 8;
  }

  float32(value: number) {
    this.#reserve(4);
    this.#view.setFloat32(this.length, value, true);
    this.length += 4;
  }

  /** A GGUF string: its UTF-8 byte length as uint64, then the bytes, no terminator. */
  string(value: string) {
    const bytes = new TextEncoder().encode(value);
    this.uint64(bytes.length);
    this.bytes(bytes);
  }

  padTo(length: number) {
    if (length > this.length) this.bytes(new Uint8Array(length - this.length));
  }

  toBytes() {
    return this.#buffer.slice(0, this.length);
  }
}
