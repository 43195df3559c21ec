import type { Api } from './api';

/** What merging and splitting from the viewer needs from the page. */
export interface EntityEditDeps {
  api: Api;
  /** The user the view shows. */
  user(): string | null;
  /** Asks before a change (the browser's confirm dialog). */
  confirm(question: string): boolean;
  /** Shows the user's graph again around this entity (after a merge or a split changed it). */
  reload(user: string, entityUid: string): Promise<void>;
  showError(error: unknown): void;
}

/**
 * Merge and split from the viewer (the entity panel's aliases and "merge into this", the
 * duplicate-candidates rows of the console): each asks first, needs the server's write token
 * (asked for once) and then shows the graph again around the entity that stayed or came back.
 */
export function entityEdits(deps: EntityEditDeps) {
  return {
    /** Merges `other` into `keep` (names or uids); true when it was done. */
    async merge(keep: string, other: string): Promise<boolean> {
      const user = deps.user();
      if (
        !user ||
        !deps.confirm(
          `Merge "${other}" into "${keep}"? Its facts move there and its name becomes an alias (split undoes it).`,
        )
      )
        return false;
      try {
        const { entity } = await deps.api.mergeEntities(user, keep, other);
        await deps.reload(user, entity.uid);
        return true;
      } catch (error) {
        deps.showError(error);
        return false;
      }
    },

    /** Splits `alias` off the entity `uid` into an entity of its own; true when it was done. */
    async split(uid: string, alias: string): Promise<boolean> {
      const user = deps.user();
      if (!user || !deps.confirm(`Split "${alias}" off into an entity of its own?`)) return false;
      try {
        const { entity } = await deps.api.splitEntity(user, uid, alias);
        await deps.reload(user, entity.uid);
        return true;
      } catch (error) {
        deps.showError(error);
        return false;
      }
    },
  };
}
