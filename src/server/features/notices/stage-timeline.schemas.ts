import { z } from '@hono/zod-openapi';

const expectedWaitSchema = z
  .discriminatedUnion('source', [
    z.object({
      source: z.literal('median'),
      days: z.number().int(),
      upperDays: z.number().int(),
      samples: z.number().int(),
    }),
    z.object({
      source: z.literal('default'),
      min: z.number(),
      max: z.number(),
      unit: z.enum(['minutes', 'businessDays', 'weeks']),
      samples: z.number().int(),
    }),
  ])
  .openapi('ExpectedWait');

/** One formation or EIN timeline of the dashboard (issue 13). */
export const stageTimelineSchema = z
  .object({
    current: z.string(),
    stages: z.array(z.object({ stage: z.string(), reachedAt: z.string().nullable() })),
    expectedWait: expectedWaitSchema.nullable(),
  })
  .openapi('StageTimeline');

export const myTimelinesSchema = z
  .object({ formation: stageTimelineSchema, ein: stageTimelineSchema.nullable() })
  .openapi('MyTimelines');
