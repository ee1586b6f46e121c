// This tab's sessionStorage (the chat, its paused run, the server's token). A browser that
// refuses storage (blocked for the site) keeps nothing instead of failing the page.

export const storage = {
  get(key) {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // Nothing kept: asked for, or looked up, again after a reload.
    }
  },
  remove(key) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  },
};
