/** The live heart rate: readings from the WebSocket feed (or the demo), and whether the signal is live. */
import { useEffect, useState } from "react";
import { ReconnectingSocket } from "../../common/reconnecting-socket.ts";
import type { HeartOptions } from "./heart-options.ts";
import { heartSocketUrl, parseHeartRateMessage, type SignalState, signalState } from "./heart-rate.ts";

const CHECK_MS = 500;
const DEMO_MS = 1000;

export function useHeartRate(options: HeartOptions) {
  const [bpm, setBpm] = useState<number | null>(null);
  const [lastAt, setLastAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [connection, setConnection] = useState<"connecting" | "open" | "waiting">("connecting");
  const { token, url, demo } = options;

  useEffect(() => {
    setBpm(null);
    setLastAt(null);
    if (demo) {
      // A calm, slowly wandering pulse.
      let value = 78;
      const beat = () => {
        value = Math.min(112, Math.max(64, value + Math.round((Math.random() - 0.45) * 6)));
        setBpm(value);
        setLastAt(Date.now());
      };
      beat();
      setConnection("open");
      const timer = window.setInterval(beat, DEMO_MS);
      return () => window.clearInterval(timer);
    }
    if (!token) return;
    const socket = new ReconnectingSocket({
      url: () => heartSocketUrl(url, token),
      onMessage: (data) => {
        const reading = parseHeartRateMessage(data);
        if (!reading) return;
        socket.markHealthy();
        setConnection("open");
        setBpm(reading.bpm);
        setLastAt(Date.now());
      },
      onStatus: (status) => {
        if (status !== "stopped")
          setConnection(status === "open" ? "open" : status === "waiting" ? "waiting" : "connecting");
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token, url, demo]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const signal: SignalState = signalState(lastAt, now, options.lostAfterSeconds * 1000);
  return { bpm, signal, connection };
}
