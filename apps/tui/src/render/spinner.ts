/** The frames of the spinner shown while the model or a tool works (the status bar, `ask`). */
export const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
