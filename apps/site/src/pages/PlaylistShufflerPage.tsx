/** The playlist shuffler (its own lazily loaded chunk); the tool lives in src/tools/shuffler. */
import { Shuffler } from "../tools/shuffler/components/Shuffler.tsx";
import { PageShell } from "./PageShell.tsx";

export default function PlaylistShufflerPage() {
  return (
    <PageShell wide>
      <Shuffler />
    </PageShell>
  );
}
