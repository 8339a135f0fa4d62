import { readFile } from 'node:fs/promises';
import { readZip } from '../../api/helpers/zip';

/** The entries of a downloaded ZIP file as text, by name (the API tests' reader checks CRC and size). */
export async function unzip(path: string): Promise<Map<string, string>> {
  const entries = await readZip(await readFile(path));
  return new Map([...entries].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}
