import type { PluginEnv } from "@langchain-mini/core";
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";

/**
 * What a command started from the user's shell needs to reach the network as it does
 * there: without the proxy and the certificate authorities, `npx -y <server>` retries a
 * certificate error without a word and never starts.
 */
const NETWORK = [
  ...["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY"].flatMap((name) => [
    name,
    name.toLowerCase(),
  ]),
  "NODE_EXTRA_CA_CERTS",
  "NODE_USE_ENV_PROXY",
  "NODE_USE_SYSTEM_CA",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "REQUESTS_CA_BUNDLE",
  "CURL_CA_BUNDLE",
  // The package index of uvx and pip, as npm_config_registry is npx's.
  "PIP_INDEX_URL",
  "PIP_EXTRA_INDEX_URL",
  "PIP_CERT",
  "UV_DEFAULT_INDEX",
  "UV_INDEX_URL",
  "UV_EXTRA_INDEX_URL",
  "UV_NATIVE_TLS",
];

/** Where a shell's programs keep caches and temporary files, and their language. */
const PLACES = [
  "TMPDIR",
  "XDG_CACHE_HOME",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
];

/** npm's settings pass (registry, cache, proxy, cafile, …), its credentials do not. */
const NPM_SETTING = /^npm_config_/i;
const CREDENTIAL = /auth|token|pass(word|wd)?|secret|key|credential|otp/i;

/**
 * The environment of a stdio server: what the SDK passes by default (PATH, HOME, …),
 * the network settings above and npm's, from the host's environment, then the server's
 * own `env`. Nothing else: the user's API keys reach a server only when its `env` names
 * them.
 */
export function serverEnvironment(
  host: PluginEnv,
  configured: Readonly<Record<string, string>>,
): Record<string, string> {
  const environment: Record<string, string> = {};
  const pass = (name: string) => {
    const value = Object.hasOwn(host, name) ? host[name] : undefined;
    // A shell function exported by bash (`() { …`) is no setting.
    if (value !== undefined && !value.startsWith("()")) set(environment, name, value);
  };
  for (const name of [...DEFAULT_INHERITED_ENV_VARS, ...NETWORK, ...PLACES]) pass(name);
  for (const name of Object.keys(host)) {
    if (NPM_SETTING.test(name) && !CREDENTIAL.test(name.slice("npm_config_".length))) pass(name);
  }
  for (const [name, value] of Object.entries(configured)) set(environment, name, value);
  return environment;
}

/** Any name is a variable, `__proto__` included. */
function set(environment: Record<string, string>, name: string, value: string) {
  Object.defineProperty(environment, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Whether every server gets this variable anyway: expanding it into a setting reveals nothing. */
export function passesToEveryServer(name: string): boolean {
  return [DEFAULT_INHERITED_ENV_VARS, NETWORK, PLACES].some((names) => names.includes(name));
}
