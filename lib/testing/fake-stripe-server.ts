import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the Stripe API, for tests and the browser suite: the real `stripe` SDK is
 * pointed at it (host/port/protocol, see lib/billing/stripe-client.ts), so the calls, their form
 * encoding and `expand` are exercised for real. It keeps objects in memory and implements what the
 * billing code uses:
 *   checkout sessions (create, retrieve), customers (retrieve, update), subscriptions (retrieve,
 *   update), subscription items, invoices (list, retrieve), payment methods (retrieve, list, attach),
 *   billing portal sessions, billing meter events (with Stripe's identifier de-duplication).
 * Test helpers play the customer's part: completeCheckout (the card form), failNextInvoice /
 * payInvoice, and event + signedWebhook build webhook deliveries signed like Stripe signs them.
 * Every request is recorded for assertions.
 */

export type RecordedStripeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  idempotencyKey?: string;
};

type StripeObject = Record<string, unknown> & { id: string; object: string };

export type FakeStripeServer = {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  objects: Map<string, StripeObject>;
  /** The customer fills in the embedded form: creates customer, card, subscription (base + metered items), a paid invoice; the session becomes complete. */
  completeCheckout(
    sessionId: string,
    options?: { email?: string },
  ): { customer: StripeObject; subscription: StripeObject; invoice: StripeObject };
  /** An open, failed invoice on the subscription; the subscription goes past_due. */
  failInvoice(subscriptionId: string): StripeObject;
  /** Pays an invoice; the subscription becomes active again. */
  payInvoice(invoiceId: string): StripeObject;
  /** Adds a paid invoice for a customer (billing page fixtures). */
  addInvoice(
    customerId: string,
    fields?: Partial<{ amount: number; status: string; created: number; number: string; subscription: string }>,
  ): StripeObject;
  setSubscription(subscriptionId: string, fields: Record<string, unknown>): StripeObject;
  /** A webhook event with the object as it is now (or as given). */
  event(type: string, object: StripeObject, options?: { created?: number; id?: string }): Stripe.Event;
  /** The body and Stripe-Signature header of a webhook delivery of `event`. */
  signedWebhook(event: Stripe.Event, secret?: string): { payload: string; signature: string };
  meterEvents(): StripeObject[];
  close(): Promise<void>;
};

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = /^\d+$/.test(parts[i + 1] ?? "") ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, id: string) =>
  send(res, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'`, param: "id" },
  });

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripeServer({
  secretKey = "sk_test_fake",
  webhookSecret = "whsec_fake",
  port = 0,
}: { secretKey?: string; webhookSecret?: string; port?: number } = {}): Promise<FakeStripeServer> {
  const objects = new Map<string, StripeObject>();
  const requests: RecordedStripeRequest[] = [];
  const meterEventsByIdentifier = new Map<string, StripeObject>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, "0")}`;
  const put = (object: StripeObject) => {
    objects.set(object.id, object);
    return object;
  };

  /** Replaces id strings by their objects along `expand` paths ("subscription.items.data.price"). */
  function expand(value: unknown, path: string[]): unknown {
    if (path.length === 0) return value;
    if (value && typeof value === "object" && (value as { object?: string }).object === "list") {
      const list = value as { data: unknown[] };
      return { ...list, data: list.data.map((item) => expand(item, path)) };
    }
    if (!value || typeof value !== "object") return value;
    const [head = "", ...rest] = path;
    const record = { ...(value as Record<string, unknown>) };
    let child = record[head];
    if (typeof child === "string" && objects.has(child)) child = structuredClone(objects.get(child));
    if (head === "data" && Array.isArray(child)) record[head] = child.map((item) => expand(item, rest));
    else record[head] = expand(child, rest);
    return record;
  }
  const withExpand = (object: unknown, expands: string[]) =>
    expands.reduce((acc, path) => expand(acc, path.split(".")), structuredClone(object));
  const expandsOf = (query: URLSearchParams, body: Record<string, unknown>) => [
    ...[...query.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v),
    ...(Array.isArray(body.expand) ? (body.expand as string[]) : []),
  ];

  function price(id: string, recurring: { usage_type: "licensed" | "metered" }) {
    return (
      objects.get(id) ??
      put({
        id,
        object: "price",
        type: "recurring",
        currency: "usd",
        unit_amount: recurring.usage_type === "metered" ? null : 10_000,
        recurring: { interval: "month", usage_type: recurring.usage_type },
        nickname: id.includes("meter") ? "Additional contacts" : "Base subscription",
        product: "prod_fake",
      })
    );
  }

  function syncSubscriptionItems(subscription: StripeObject) {
    const items = (subscription.items as { data: StripeObject[] }).data;
    for (const item of items) put(item);
  }

  function invoiceFor(
    customerId: string,
    subscriptionId: string | null,
    fields: Partial<{ amount: number; status: string; created: number; number: string }> = {},
  ) {
    const id = newId("in");
    const amount = fields.amount ?? 10_000;
    const status = fields.status ?? "paid";
    return put({
      id,
      object: "invoice",
      customer: customerId,
      number: fields.number ?? `FAKE-${String(counter).padStart(4, "0")}`,
      created: fields.created ?? nowSeconds(),
      status,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      total: amount,
      currency: "usd",
      hosted_invoice_url: `https://invoice.stripe.test/${id}`,
      invoice_pdf: `https://invoice.stripe.test/${id}.pdf`,
      lines: {
        object: "list",
        data: [
          {
            id: newId("il"),
            object: "line_item",
            description: "1 × Base subscription (at $100.00 / month)",
            amount,
            pricing: { price_details: { price: "price_base" } },
          },
        ],
      },
      parent: subscriptionId
        ? { type: "subscription_details", subscription_details: { subscription: subscriptionId } }
        : null,
      status_transitions: { paid_at: status === "paid" ? (fields.created ?? nowSeconds()) : null },
      attempt_count: status === "paid" ? 1 : 0,
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const text = await readText(req);
    const body = text ? parseStripeForm(text) : {};
    const idempotencyKey =
      typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
    requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const expands = expandsOf(url.searchParams, body);
    const segments = url.pathname.split("/").filter(Boolean); // ["v1", …]
    const [, resource, id, action] = segments;
    const get = (objectId: string) => objects.get(objectId);

    // ── Checkout sessions ──
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const sessionId = newId("cs_test");
      const lineItems = (body.line_items as { price: string; quantity?: string }[] | undefined) ?? [];
      for (const item of lineItems)
        price(item.price, {
          usage_type: item.quantity === undefined && item.price.includes("meter") ? "metered" : "licensed",
        });
      const session = put({
        id: sessionId,
        object: "checkout.session",
        mode: body.mode ?? "subscription",
        ui_mode: body.ui_mode ?? "hosted_page",
        status: "open",
        payment_status: "unpaid",
        client_secret: body.ui_mode === "embedded_page" ? `${sessionId}_secret_fake` : null,
        url: body.ui_mode === "embedded_page" ? null : `${`http://${req.headers.host}`}/checkout/${sessionId}`,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        customer_details: body.customer_email ? { email: body.customer_email } : null,
        subscription: null,
        metadata: body.metadata ?? {},
        client_reference_id: body.client_reference_id ?? null,
        success_url: body.success_url ?? null,
        return_url: body.return_url ?? null,
        line_items_requested: lineItems,
        created: nowSeconds(),
      });
      return send(res, 200, session);
    }
    if (req.method === "GET" && resource === "checkout" && id === "sessions" && action) {
      const session = get(action);
      return session ? send(res, 200, withExpand(session, expands)) : notFound(res, action);
    }

    // ── Customers, subscriptions, items, invoices, payment methods ──
    if (req.method === "GET" && resource === "customers" && id && !action) {
      const customer = get(id);
      return customer ? send(res, 200, withExpand(customer, expands)) : notFound(res, id);
    }
    if (req.method === "POST" && resource === "customers" && id && !action) {
      const customer = get(id);
      if (!customer) return notFound(res, id);
      const update = body as { invoice_settings?: { default_payment_method?: string } };
      if (update.invoice_settings?.default_payment_method)
        customer.invoice_settings = { default_payment_method: update.invoice_settings.default_payment_method };
      return send(res, 200, withExpand(customer, expands));
    }
    if (req.method === "GET" && resource === "subscriptions" && id) {
      const subscription = get(id);
      return subscription ? send(res, 200, withExpand(subscription, expands)) : notFound(res, id);
    }
    if (req.method === "POST" && resource === "subscriptions" && id) {
      const subscription = get(id);
      if (!subscription) return notFound(res, id);
      const update = body as {
        items?: { id?: string; price?: string; quantity?: string; deleted?: string }[];
        metadata?: Record<string, string>;
        default_payment_method?: string;
        cancel_at_period_end?: string;
      };
      const items = (subscription.items as { data: StripeObject[] }).data;
      for (const change of update.items ?? []) {
        const existing = change.id ? items.find((i) => i.id === change.id) : undefined;
        if (existing && change.deleted === "true") items.splice(items.indexOf(existing), 1);
        else if (existing)
          Object.assign(existing, {
            ...(change.price ? { price: price(change.price, { usage_type: "licensed" }) } : {}),
            ...(change.quantity ? { quantity: Number(change.quantity) } : {}),
          });
        else if (change.price)
          items.push({
            id: newId("si"),
            object: "subscription_item",
            subscription: id,
            price: price(change.price, { usage_type: "licensed" }),
            quantity: Number(change.quantity ?? 1),
            current_period_end: nowSeconds() + 30 * 86_400,
          });
      }
      if (update.metadata) subscription.metadata = { ...(subscription.metadata as object), ...update.metadata };
      if (update.default_payment_method) subscription.default_payment_method = update.default_payment_method;
      if (update.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = update.cancel_at_period_end === "true";
      syncSubscriptionItems(subscription);
      return send(res, 200, withExpand(subscription, expands));
    }
    if (req.method === "GET" && resource === "invoices" && !id) {
      const customer = url.searchParams.get("customer");
      const limit = Number(url.searchParams.get("limit") ?? 10);
      const data = [...objects.values()]
        .filter((o) => o.object === "invoice" && (!customer || o.customer === customer))
        .sort((a, b) => (b.created as number) - (a.created as number))
        .slice(0, limit);
      return send(res, 200, { object: "list", url: "/v1/invoices", has_more: false, data });
    }
    if (req.method === "GET" && resource === "invoices" && id) {
      const invoice = get(id);
      return invoice ? send(res, 200, withExpand(invoice, expands)) : notFound(res, id);
    }
    if (req.method === "GET" && resource === "payment_methods" && id) {
      const method = get(id);
      return method ? send(res, 200, method) : notFound(res, id);
    }
    if (req.method === "GET" && resource === "payment_methods" && !id) {
      const customer = url.searchParams.get("customer");
      const data = [...objects.values()].filter((o) => o.object === "payment_method" && o.customer === customer);
      return send(res, 200, { object: "list", url: "/v1/payment_methods", has_more: false, data });
    }
    if (req.method === "GET" && resource === "customers" && id && action === "payment_methods") {
      const data = [...objects.values()].filter((o) => o.object === "payment_method" && o.customer === id);
      return send(res, 200, { object: "list", url: `/v1/customers/${id}/payment_methods`, has_more: false, data });
    }

    // ── Billing portal and meter events ──
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const portalId = newId("bps");
      return send(res, 200, {
        id: portalId,
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${portalId}`,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing/meter_events") {
      const identifier = String(body.identifier ?? newId("mev"));
      const existing = meterEventsByIdentifier.get(identifier);
      if (existing) {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "duplicate_meter_event",
            message: `An event with identifier ${identifier} already exists.`,
          },
        });
      }
      const event = {
        id: identifier,
        object: "billing.meter_event",
        identifier,
        event_name: body.event_name,
        payload: body.payload,
        timestamp: Number(body.timestamp ?? nowSeconds()),
        created: nowSeconds(),
        livemode: false,
      } as StripeObject;
      meterEventsByIdentifier.set(identifier, event);
      return send(res, 200, event);
    }

    send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
    });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;

  function completeCheckout(sessionId: string, { email }: { email?: string } = {}) {
    const session = objects.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customerEmail = email ?? (session.customer_email as string | null) ?? "customer@example.test";
    const customerId = (session.customer as string | null) ?? newId("cus");
    const card = put({
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: customerId,
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: new Date().getFullYear() + 3 },
      billing_details: { email: customerEmail },
    });
    const customer =
      objects.get(customerId) ??
      put({
        id: customerId,
        object: "customer",
        email: customerEmail,
        invoice_settings: { default_payment_method: card.id },
      });
    const subscriptionId = newId("sub");
    const periodEnd = nowSeconds() + 30 * 86_400;
    const requested = session.line_items_requested as { price: string; quantity?: string }[];
    const subscription = put({
      id: subscriptionId,
      object: "subscription",
      customer: customerId,
      status: "active",
      cancel_at_period_end: false,
      default_payment_method: card.id,
      metadata: session.metadata,
      created: nowSeconds(),
      items: {
        object: "list",
        data: requested.map((line) => ({
          id: newId("si"),
          object: "subscription_item",
          subscription: subscriptionId,
          price: objects.get(line.price),
          quantity: line.quantity === undefined ? undefined : Number(line.quantity),
          current_period_end: periodEnd,
        })),
      },
    });
    syncSubscriptionItems(subscription);
    const invoice = invoiceFor(customerId, subscriptionId);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer: customerId,
      subscription: subscriptionId,
      customer_details: { email: customerEmail },
    });
    return { customer, subscription, invoice };
  }

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    secretKey,
    webhookSecret,
    requests,
    objects,
    completeCheckout,
    failInvoice(subscriptionId) {
      const subscription = objects.get(subscriptionId)!;
      subscription.status = "past_due";
      const invoice = invoiceFor(subscription.customer as string, subscriptionId, { status: "open" });
      invoice.attempt_count = 1;
      return invoice;
    },
    payInvoice(invoiceId) {
      const invoice = objects.get(invoiceId)!;
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.amount_due,
        status_transitions: { paid_at: nowSeconds() },
      });
      const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)
        ?.subscription_details?.subscription;
      if (subscriptionId) objects.get(subscriptionId)!.status = "active";
      return invoice;
    },
    addInvoice(customerId, fields = {}) {
      return invoiceFor(customerId, fields.subscription ?? null, fields);
    },
    setSubscription(subscriptionId, fields) {
      const subscription = objects.get(subscriptionId)!;
      Object.assign(subscription, fields);
      return subscription;
    },
    event(type, object, { created = nowSeconds(), id = newId("evt") } = {}) {
      return {
        id,
        object: "event",
        type,
        created,
        api_version: "2026-10-28.endive",
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      } as unknown as Stripe.Event;
    },
    signedWebhook(event, secret = webhookSecret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    meterEvents: () => [...meterEventsByIdentifier.values()],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
