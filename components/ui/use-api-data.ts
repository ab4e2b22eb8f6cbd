"use client";

// Data a panel loads from the API on mount, an error line, and `act`: do something (a POST, a
// DELETE), then load again, showing what failed instead of throwing.
import { useCallback, useEffect, useState } from "react";

export type ApiData<T> = {
  data: T | null;
  error: string | null;
  setError: (error: string | null) => void;
  act: (work: () => Promise<unknown>) => Promise<void>;
};

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function useApiData<T>(load: () => Promise<T>): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setData(await load());
    } catch (e) {
      setError(messageOf(e));
    }
  }, [load]);
  useEffect(() => {
    // Fetching on mount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);
  const act = useCallback(
    async (work: () => Promise<unknown>) => {
      setError(null);
      try {
        await work();
        await reload();
      } catch (e) {
        setError(messageOf(e));
      }
    },
    [reload],
  );
  return { data, error, setError, act };
}
