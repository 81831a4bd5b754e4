/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": typeof types.MarkContactMessageHandledDocument,
    "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": typeof types.MarkDemoRequestHandledDocument,
    "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": typeof types.ContactMessagesDocument,
    "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": typeof types.DemoRequestsDocument,
    "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n  }\n": typeof types.InboxCountsDocument,
    "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n": typeof types.AdminOverviewDocument,
};
const documents: Documents = {
    "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": types.MarkContactMessageHandledDocument,
    "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n": types.MarkDemoRequestHandledDocument,
    "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": types.ContactMessagesDocument,
    "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n": types.DemoRequestsDocument,
    "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n  }\n": types.InboxCountsDocument,
    "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n": types.AdminOverviewDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {\n    markContactMessageHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {\n    markDemoRequestHandled(id: $id, handled: $handled) {\n      id\n      handled\n      handledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {\n    contactMessages(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        subject\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {\n    demoRequests(handled: $handled, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        company\n        date\n        time\n        message\n        language\n        handled\n        handledAt\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n  }\n"): (typeof documents)["\n  query InboxCounts {\n    inboxCounts {\n      unhandledContactMessages\n      unhandledDemoRequests\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOverview($recentPayments: Int!) {\n    adminOverview(recentPayments: $recentPayments) {\n      today\n      receivables\n      unpaidCount\n      overdueCount\n      overdueAmount\n      revenueMonth\n      revenueYear\n      recentPayments {\n        paymentId\n        invoiceId\n        invoiceNumber\n        clientId\n        clientName\n        amount\n        date\n        method\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;