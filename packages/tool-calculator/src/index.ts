export { type CalculatorOptions, createCalculator } from "./calculator.js";
