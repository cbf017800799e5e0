/** URL builder for the cat of the day. */
import { TextField } from "@portfolio/ui";
import { lazy, useState } from "react";
import { CAT_SIZE, type CatOptions, catOptionsToParams } from "../cat/cat-options.ts";
import { BuilderLayout } from "./BuilderLayout.tsx";
import { NumberField, SwitchField } from "./fields.tsx";

// The preview is a chunk of its own: the prerendered HTML shows it until it hydrates (BuilderLayout).
const CatWidget = lazy(() => import("../cat/CatWidget.tsx"));

export default function CatBuilder({ initial }: { initial: CatOptions }) {
  const [options, setOptions] = useState<CatOptions>({ ...initial, demo: false });
  const set = (patch: Partial<CatOptions>) => setOptions((o) => ({ ...o, ...patch }));
  return (
    <BuilderLayout
      kind="cat"
      params={catOptionsToParams(options)}
      form={
        <>
          <TextField label="Title" value={options.title} onValueChange={(title) => set({ title })} maxLength={80} />
          <SwitchField
            label="Show the title and date"
            checked={options.caption}
            onChange={(caption) => set({ caption })}
          />
          <NumberField
            label="Picture width"
            suffix="px"
            value={options.size}
            onChange={(size) => set({ size })}
            {...CAT_SIZE}
          />
        </>
      }
      preview={<CatWidget options={{ ...options, size: Math.min(options.size, 280) }} preview />}
    />
  );
}
