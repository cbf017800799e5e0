import CountdownBuilder from "../builder/CountdownBuilder.tsx";
import { COUNTDOWN_WIDGET } from "../countdown/countdown-widget.ts";
import { KindScreen, type ScreenProps } from "./KindScreen.tsx";

export default function CountdownScreen(props: ScreenProps) {
  return <KindScreen def={COUNTDOWN_WIDGET} Builder={CountdownBuilder} {...props} />;
}
