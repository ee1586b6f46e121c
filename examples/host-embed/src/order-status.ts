import { defineTool } from "@langchain-mini/core";

/** The program's own data: in a real shop, its database. */
const ORDERS: ReadonlyMap<string, string> = new Map([
  ["A-1001", "shipped on 2026-11-20, arriving 2026-11-27"],
  ["A-1002", "waiting for payment"],
]);

/** A tool made in code, not loaded as a plug-in: the host takes tool objects as they are. */
export const orderStatus = defineTool<{ order: string }>({
  name: "order_status",
  description: "The status of one of our orders, by its number (such as A-1001)",
  inputSchema: {
    type: "object",
    properties: { order: { type: "string", description: "the order number" } },
    required: ["order"],
  },
  execute: ({ order }) => ORDERS.get(order.trim().toUpperCase()) ?? `No order ${order}`,
});
