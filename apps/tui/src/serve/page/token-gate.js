// The server's bearer token: asked for when /api answers 401, kept in this tab's
// sessionStorage, sent with every request.

import { storage } from "./tab-storage.js";
import { ApiError } from "./wire.js";

const TOKEN_KEY = "langchain-mini.token";

export class TokenGate {
  /** The page's token form, its input and the line above it that says why it asks. */
  constructor(form, input, note) {
    this.form = form;
    this.input = input;
    this.note = note;
    this.wanted = undefined;
  }

  token() {
    return storage.get(TOKEN_KEY) ?? undefined;
  }

  /** Runs `action`; when the server wants a token (401), asks for it and runs it again. */
  async authorized(action) {
    while (true) {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        await this.ask(this.token() !== undefined);
      }
    }
  }

  /** Shows the form once for every request that waits on it; resolves when one is given. */
  ask(refused) {
    this.wanted ??= new Promise((resolve) => {
      this.note.textContent = refused
        ? "The server refused that token: enter the one it was started with."
        : "This server needs its token (LANGCHAIN_MINI_SERVE_TOKEN).";
      this.form.hidden = false;
      this.input.value = "";
      this.input.focus();
      this.form.onsubmit = (submitted) => {
        submitted.preventDefault();
        const token = this.input.value.trim();
        if (token === "") return;
        storage.set(TOKEN_KEY, token);
        this.form.hidden = true;
        this.wanted = undefined;
        resolve();
      };
    });
    return this.wanted;
  }
}
