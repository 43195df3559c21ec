import { z } from 'zod';

const Message = z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string() });
const DemoFile = z.object({
  users: z.array(
    z.object({
      userId: z.string(),
      threads: z.array(z.object({ threadId: z.string(), at: z.string(), turns: z.array(z.array(Message)) })),
    }),
  ),
  questions: z.array(z.object({ userId: z.string(), threadId: z.string(), query: z.string() })),
});

/** The demo's sample conversations and questions (`examples/demo-conversations.json`), checked. */
export type DemoFileContents = z.infer<typeof DemoFile>;

/** Checks the parsed demo file; throws naming what is wrong. */
export function parseDemoFile(value: unknown): DemoFileContents {
  return DemoFile.parse(value);
}
