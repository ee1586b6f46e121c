export { orderStatus } from "./order-status.js";
export { answerCustomer, type SupportAnswer } from "./support-desk.js";
