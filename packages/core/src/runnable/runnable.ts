export interface RunOptions {
  readonly signal?: AbortSignal;
}

export interface BatchOptions extends RunOptions {
  /** How many inputs run at once; default: all of them. */
  readonly maxConcurrency?: number;
  /** Return an input's error in its slot instead of rejecting the whole batch. */
  readonly returnExceptions?: boolean;
}

/** Anything `pipe` accepts: a runnable or a plain (async) function. */
export type RunnableLike<Input, Output> =
  | Runnable<Input, Output, unknown>
  | ((input: Input, options: RunOptions) => Output | Promise<Output>);

/**
 * The small Runnable of seed 002: a unit of work that can be invoked, streamed, batched
 * and piped. `Chunk` is what `stream` yields: text deltas for an LLM, events for an agent.
 */
export abstract class Runnable<Input, Output, Chunk = Output> {
  abstract invoke(input: Input, options?: RunOptions): Promise<Output>;

  /** By default a runnable streams its single output. */
  async *stream(input: Input, options?: RunOptions): AsyncGenerator<Chunk> {
    yield (await this.invoke(input, options)) as unknown as Chunk;
  }

  batch(
    inputs: readonly Input[],
    options: BatchOptions & { returnExceptions: true },
  ): Promise<Array<Output | Error>>;
  batch(inputs: readonly Input[], options?: BatchOptions): Promise<Output[]>;
  async batch(
    inputs: readonly Input[],
    options: BatchOptions = {},
  ): Promise<Array<Output | Error>> {
    const results = new Array<Output | Error>(inputs.length);
    const limit = Math.max(1, options.maxConcurrency ?? inputs.length);
    let next = 0;
    const worker = async () => {
      while (next < inputs.length) {
        const index = next++;
        try {
          results[index] = await this.invoke(inputs[index] as Input, options);
        } catch (error) {
          if (!options.returnExceptions) throw error;
          results[index] = error instanceof Error ? error : new Error(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
    return results;
  }

  /** `prompt.pipe(llm).pipe(parser)`: each output is the next input. */
  pipe<Next, NextChunk = Next>(
    next: Runnable<Output, Next, NextChunk>,
  ): Runnable<Input, Next, NextChunk>;
  pipe<Next>(
    next: (input: Output, options: RunOptions) => Next | Promise<Next>,
  ): Runnable<Input, Next>;
  pipe<Next>(next: RunnableLike<Output, Next>): Runnable<Input, Next, unknown> {
    return new RunnableSequence(this, toRunnable(next));
  }
}

export class RunnableLambda<Input, Output> extends Runnable<Input, Output> {
  readonly #fn: (input: Input, options: RunOptions) => Output | Promise<Output>;
  constructor(fn: (input: Input, options: RunOptions) => Output | Promise<Output>) {
    super();
    this.#fn = fn;
  }
  async invoke(input: Input, options: RunOptions = {}) {
    return this.#fn(input, options);
  }
}

export function toRunnable<Input, Output>(
  value: RunnableLike<Input, Output>,
): Runnable<Input, Output, unknown> {
  // A function is a step; anything else is a runnable, whichever copy of core made it (a
  // plug-in's own next to a bundled app's): no `instanceof` across copies.
  return typeof value === "function" ? new RunnableLambda(value) : value;
}

class RunnableSequence<Input, Middle, Output, Chunk> extends Runnable<Input, Output, Chunk> {
  readonly #first: Runnable<Input, Middle, unknown>;
  readonly #second: Runnable<Middle, Output, Chunk>;
  constructor(first: Runnable<Input, Middle, unknown>, second: Runnable<Middle, Output, Chunk>) {
    super();
    this.#first = first;
    this.#second = second;
  }
  async invoke(input: Input, options?: RunOptions) {
    return this.#second.invoke(await this.#first.invoke(input, options), options);
  }
  /** Streams the last runnable: earlier ones run to completion first. */
  override async *stream(input: Input, options?: RunOptions): AsyncGenerator<Chunk> {
    yield* this.#second.stream(await this.#first.invoke(input, options), options);
  }
}
