/**
 * better-sqlite3 cannot bind JavaScript booleans. This plugin turns boolean parameters into 1/0
 * before a query reaches SQLite, so services write `done: true` on both databases.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { OperationNodeTransformer, type ValueNode, type PrimitiveValueListNode } from 'kysely';

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const out = super.transformValue(node);
    return typeof out.value === 'boolean' ? { ...out, value: out.value ? 1 : 0 } : out;
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToInteger();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
