// Types of wire.js (plain browser JavaScript, also imported by its tests).

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string);
}

export interface WireEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

export function readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<WireEvent>;

export interface RunStream {
  readonly runId: string | undefined;
  readonly events: AsyncGenerator<WireEvent>;
}

export interface Api {
  health(): Promise<{ ok: boolean; model?: string; tools?: string[]; version?: string }>;
  session(
    id: string,
  ): Promise<{ id: string; turns: { question: string; answer?: string }[]; running?: string }>;
  ask(question: string, session: string, signal?: AbortSignal): Promise<RunStream>;
  approve(runId: string, note?: string, signal?: AbortSignal): Promise<RunStream>;
  deny(runId: string, note?: string, signal?: AbortSignal): Promise<RunStream>;
  events(runId: string, signal?: AbortSignal, after?: number): Promise<RunStream>;
  run(runId: string): Promise<{
    runId: string;
    status: string;
    question: string;
    waitingOn?: { step: number; tool: string; input: string };
  }>;
  cancel(runId: string): Promise<{ cancelled: boolean }>;
}

export function createApi(token: () => string | undefined, origin?: string): Api;
