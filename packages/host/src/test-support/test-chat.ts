import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type UIMessage,
} from "ai";

/** The state `useChat` keeps in React, kept in plain fields. */
class PlainChatState implements ChatState<UIMessage> {
  status: ChatStatus = "ready";
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((old, at) => (at === index ? message : old));
  };
  snapshot = <Thing>(thing: Thing): Thing => structuredClone(thing);
}

/**
 * The AI SDK's chat as `useChat` runs it, without React: a `DefaultChatTransport` to
 * `api`, and answered approvals sent on their own, as the SDK's approval guide sets it up.
 * `finished()` settles when the next response has been read to its end.
 */
export class TestChat extends AbstractChat<UIMessage> {
  #waiting: Array<() => void> = [];

  constructor(api: string, init: Omit<ChatInit<UIMessage>, "transport" | "onFinish"> = {}) {
    super({
      ...init,
      transport: new DefaultChatTransport({ api }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
      onFinish: () => {
        for (const resolve of this.#waiting.splice(0)) resolve();
      },
      state: new PlainChatState(),
    });
  }

  finished(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
