export type { SessionStoreContractOptions, StoreCheck } from "./store-check.js";
export { sessionStoreContract } from "./store-contract.js";
