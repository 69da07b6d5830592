import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { automationFlows, automationFlowVersions } from '../db/schema/automations';

/**
 * Whether a flow that is not deleted names the upload in any of its versions (a SEND_MESSAGE
 * attachment's `uploadId` or a carousel card's `imageUploadId`), for the unused-upload cleanup:
 * like a post's uploads, a flow's stay while the flow may still send them. Older published
 * versions count too, since runs recorded on them may still be waiting.
 */
export function uploadNamedByFlow(uploadId: AnyPgColumn): SQL {
  return sql`exists (
    select 1 from ${automationFlowVersions}
    inner join ${automationFlows} on ${automationFlows.id} = ${automationFlowVersions.flowId}
    where ${automationFlows.deletedAt} is null
      and jsonb_path_exists(${automationFlowVersions.definition}, '$.steps[*].message.** ? (@.uploadId == $id || @.imageUploadId == $id)', jsonb_build_object('id', ${uploadId}))
  )`;
}
