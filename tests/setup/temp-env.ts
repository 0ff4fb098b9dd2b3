const TEMP_VARIABLES = ['TMPDIR', 'TMP', 'TEMP'] as const;

/**
 * Points the temp folder at `dir`: Node's tmpdir() reads these variables at every call (TMP
 * and TEMP on Windows), and every process started from here inherits them. Returns what
 * puts the previous values back.
 */
export function pointTempAt(dir: string): () => void {
  const saved = TEMP_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of TEMP_VARIABLES) process.env[name] = dir;
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
