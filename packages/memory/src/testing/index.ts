export {
  type SessionStoreContractOptions,
  type StoreCheck,
  sessionStoreContract,
} from "./store-contract.js";
