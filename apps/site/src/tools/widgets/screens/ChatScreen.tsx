import ChatBuilder from "../builder/ChatBuilder.tsx";
import { CHAT_WIDGET } from "../chat/chat-widget.ts";
import { KindScreen, type ScreenProps } from "./KindScreen.tsx";

export default function ChatScreen(props: ScreenProps) {
  return <KindScreen def={CHAT_WIDGET} Builder={ChatBuilder} {...props} />;
}
