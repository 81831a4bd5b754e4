import { Field, Int, ObjectType } from 'type-graphql';
import type { ProjectionStatus } from '../../../projections/engine';
import type { RebuildResult } from '../../../projections/rebuild';
import type { SkippedEvent } from '../../../projections/skips';

@ObjectType('SkippedEvent', { description: 'An event a projection or reactor could not fold and passed over: its read model is incomplete until an operator repairs it.' })
export class SkippedEventOutput {
  @Field(() => String) eventId!: string;
  @Field(() => String, { description: 'Global position in the event store.' }) position!: string;
  @Field(() => String) streamId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => String, { description: 'Why it could not be folded.' }) error!: string;
  @Field(() => String) skippedAt!: string;
  @Field(() => String, { nullable: true, description: 'The corrective event that annulled it (`npm run projections -- repair`); null while unresolved.' }) resolvedBy!: string | null;

  static from(s: SkippedEvent): SkippedEventOutput {
    return Object.assign(new SkippedEventOutput(), {
      eventId: s.eventId,
      position: s.position,
      streamId: s.streamId,
      eventType: s.eventType,
      error: s.error,
      skippedAt: s.skippedAt,
      resolvedBy: s.resolvedBy,
    });
  }
}

@ObjectType('ProjectionStatus', { description: 'A projection or reactor as the operations page shows it.' })
export class ProjectionStatusOutput {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'projection or reactor' }) kind!: string;
  @Field(() => String, { nullable: true, description: 'Last processed global position.' }) position!: string | null;
  @Field(() => Int, { description: 'Events of its types not yet processed.' }) lag!: number;
  @Field(() => Boolean, { description: 'The lag was counted up to a cap and may be larger.' }) lagCapped!: boolean;
  @Field(() => String, { description: 'running, paused, failed, stopped, starting, or remote (another process runs it)' }) state!: string;
  @Field(() => Int) eventsProcessed!: number;
  @Field(() => String, { nullable: true }) updatedAt!: string | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Boolean, { description: 'Projections can be rebuilt; reactors never (their e-mails would repeat).' }) rebuildable!: boolean;
  @Field(() => Int, { description: 'Events it passed over because it could not fold them, not yet resolved: its read model is incomplete.' }) skipped!: number;
  @Field(() => Int, { description: 'Skipped events an operator has since annulled.' }) skippedResolved!: number;
  @Field(() => [SkippedEventOutput], { description: 'The unresolved skipped events, newest first (at most 20).' }) skippedEvents!: SkippedEventOutput[];

  static from(s: ProjectionStatus): ProjectionStatusOutput {
    return Object.assign(new ProjectionStatusOutput(), {
      name: s.name,
      kind: s.kind,
      position: s.position ?? null,
      lag: s.lag,
      lagCapped: s.lagCapped,
      state: s.state,
      eventsProcessed: s.eventsProcessed,
      updatedAt: s.updatedAt ?? null,
      lastError: s.lastError ?? null,
      rebuildable: s.kind === 'projection',
      skipped: s.skipped,
      skippedResolved: s.skippedResolved,
      skippedEvents: s.skippedEvents.map(SkippedEventOutput.from),
    });
  }
}

@ObjectType('RebuildResult')
export class RebuildResultOutput {
  @Field(() => String) name!: string;
  @Field(() => Boolean, { description: 'False when the replay was still running at the time limit; status shows its lag.' }) caughtUp!: boolean;
  @Field(() => Int) durationMs!: number;

  static from(r: RebuildResult): RebuildResultOutput {
    return Object.assign(new RebuildResultOutput(), r);
  }
}
