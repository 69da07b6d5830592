import { z } from 'zod';
import { FlowDefinitionSchema, type FlowDefinitionInput } from './flow-definition';

/*
 * A draft is work in progress: it is saved whatever its problems (an empty message, a missing
 * account), and only publishing requires a valid flow. The draft schema is the definition schema
 * with its structure kept (objects and their keys, step and trigger types, enums, list sizes) and
 * its content rules dropped (lengths, formats, cross-field rules), so every reader of a draft can
 * rely on its types while the content may still be incomplete. Browser-safe: zod only.
 */

/** No string in a draft is longer: room to paste too much and see the limit, not a store for anything. */
export const DRAFT_STRING_MAX = 10_000;

/** The same structure as `schema`, without its content rules. */
function lenient(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodEffects) return lenient(schema.innerType());
  if (schema instanceof z.ZodString) return z.string().max(DRAFT_STRING_MAX);
  if (schema instanceof z.ZodNumber) return z.number().finite();
  if (schema instanceof z.ZodOptional) return lenient(schema.unwrap()).optional();
  if (schema instanceof z.ZodNullable) return lenient(schema.unwrap()).nullable();
  if (schema instanceof z.ZodArray) {
    // The list sizes stay: the builder's add buttons stop at them, and they bound what is stored.
    const max = (schema._def as { maxLength: { value: number } | null }).maxLength;
    const list = z.array(lenient(schema.element as z.ZodTypeAny));
    return max ? list.max(max.value) : list;
  }
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [key, lenient(field)]));
    return schema._def.unknownKeys === 'strict' ? z.object(shape).strict() : z.object(shape);
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = (schema.options as z.ZodObject<z.ZodRawShape>[]).map((option) => lenient(option) as z.ZodObject<z.ZodRawShape>);
    return z.discriminatedUnion(schema.discriminator as string, options as [z.ZodObject<z.ZodRawShape>, ...z.ZodObject<z.ZodRawShape>[]]);
  }
  // Enums, literals and booleans are the structure itself.
  return schema;
}

/** What a saved draft may hold: a definition's structure, its content possibly incomplete. */
export const DraftDefinitionSchema = lenient(FlowDefinitionSchema) as z.ZodType<FlowDefinitionInput, z.ZodTypeDef, unknown>;
