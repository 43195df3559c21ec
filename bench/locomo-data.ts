import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the shared LoCoMo copy lives (beside the project root). */
export const LOCOMO_DIR =
  process.env.KGMEM_LOCOMO_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'locomo');

/** One turn of a LoCoMo conversation. */
export interface LocomoTurn {
  speaker: string;
  diaId: string;
  /** What was said, with the shared image's caption when there is one. */
  text: string;
  session: number;
  at: Date;
}

/** One evidence-annotated question. */
export interface LocomoQuestion {
  question: string;
  evidence: string[];
  category: number;
}

/** One conversation: its two speakers, its turns in order and its questions. */
export interface LocomoConversation {
  id: string;
  speakers: [string, string];
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);

/** Parses LoCoMo's session times ("1:56 pm on 8 May, 2023") as UTC. */
export function parseSessionTime(text: string): Date {
  const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!match) throw new Error(`LoCoMo: cannot read the session time "${text}"`);
  const [, h = '0', m = '0', half = 'am', day = '1', month = '', year = '2000'] = match;
  const monthIndex = MONTHS.indexOf(month.toLowerCase());
  if (monthIndex < 0) throw new Error(`LoCoMo: unknown month in "${text}"`);
  const hour = (Number(h) % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(year), monthIndex, Number(day), hour, Number(m)));
}

/** Every conversation file of the folder (`26.json`, `30.json`, …). */
export function loadLocomo(dir = LOCOMO_DIR): LocomoConversation[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
      const turns: LocomoTurn[] = [];
      for (let session = 1; Array.isArray(data[`session_${session}`]); session++) {
        const start = parseSessionTime(String(data[`session_${session}_date_time`]));
        (data[`session_${session}`] as Record<string, string>[]).forEach((turn, i) => {
          const caption = turn.blip_caption ? ` [shares an image: ${turn.blip_caption}]` : '';
          turns.push({
            speaker: String(turn.speaker),
            diaId: String(turn.dia_id),
            text: `${turn.text ?? ''}${caption}`.trim(),
            session,
            // Turns keep their order within the session, a second apart.
            at: new Date(start.getTime() + i * 1000),
          });
        });
      }
      const questions = (data.qa as Record<string, unknown>[]).map((q) => ({
        question: String(q.question),
        evidence: Array.isArray(q.evidence) ? q.evidence.map(String) : [],
        category: Number(q.category),
      }));
      return {
        id: name.replace(/\.json$/, ''),
        speakers: [String(data.speaker_a), String(data.speaker_b)],
        turns,
        questions,
      };
    });
}
