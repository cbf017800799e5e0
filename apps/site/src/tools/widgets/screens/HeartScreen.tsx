import HeartBuilder from "../builder/HeartBuilder.tsx";
import { HEART_WIDGET } from "../heart/heart-widget.ts";
import { KindScreen, type ScreenProps } from "./KindScreen.tsx";

export default function HeartScreen(props: ScreenProps) {
  return <KindScreen def={HEART_WIDGET} Builder={HeartBuilder} {...props} />;
}
