import CatBuilder from "../builder/CatBuilder.tsx";
import { CAT_WIDGET } from "../cat/cat-widget.ts";
import { KindScreen, type ScreenProps } from "./KindScreen.tsx";

export default function CatScreen(props: ScreenProps) {
  return <KindScreen def={CAT_WIDGET} Builder={CatBuilder} {...props} />;
}
