export { type CalculatorOptions, createCalculator } from "./calculator.js";
export { createTools, description } from "./plugin.js";
