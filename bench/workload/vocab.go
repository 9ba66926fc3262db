package workload

// Element vocabularies, one per level of a name, modelled on the subject
// hierarchies brokers see in practice: domain, then region or environment,
// then entity, then event, then identifiers and qualifiers. Deeper levels
// reuse the last vocabulary and mix in identifiers, whose space grows with
// the config so that large configs still have distinct names.
var (
	domains = []string{
		"orders", "payments", "inventory", "shipping", "billing", "users",
		"accounts", "catalog", "pricing", "search", "audit", "metrics", "logs",
		"alerts", "trades", "quotes", "risk", "fx", "ledger", "settlement",
		"notifications", "sessions", "carts", "reviews", "fraud", "kyc",
		"reports", "telemetry", "iot", "devices", "marketing", "support",
	}
	regions = []string{
		"eu", "us", "apac", "latam", "prod", "stage", "dev", "eu-west-1",
		"us-east-1", "ap-south-1", "global", "internal",
	}
	entities = []string{
		"order", "customer", "account", "invoice", "payment", "shipment",
		"item", "sku", "user", "session", "device", "card", "transfer",
		"refund", "subscription", "ticket", "message", "batch", "position",
		"instrument", "portfolio", "quote", "trade", "reading",
	}
	events = []string{
		"created", "updated", "deleted", "approved", "rejected", "shipped",
		"cancelled", "refunded", "failed", "retried", "settled", "expired",
		"v1", "v2", "v3", "snapshot", "delta", "dlq", "retry", "archive",
	}
	levels = [][]string{domains, regions, entities, events}

	// missTokens never occur in a generated pattern or hit name: a name
	// containing one matches a pattern only through a wildcard there.
	missTokens = []string{"zq", "unknown", "legacy", "tmp", "scratch", "xx"}

	// roles are the shared principals; users are numbered on top of them.
	roles = []string{
		"ops", "admin", "auditors", "grafana", "billing-svc", "orders-svc",
		"payments-svc", "risk-svc", "support", "oncall", "etl", "reporting",
		"ingest", "mobile", "web", "partner-api", "fraud-svc", "ledger-svc",
	}

	// tenants and nodeKinds build auto-creation policies such as
	// rob\.durable\..* (QPID-6954's own example).
	tenants = []string{
		"rob", "acme", "globex", "initech", "umbrella", "hooli", "stark",
		"wayne", "wonka", "tyrell", "cyberdyne", "soylent", "vandelay",
	}
	nodeKinds = []string{
		"durable", "exchange", "temp", "events", "dlq", "work", "replies",
		"fanout", "direct", "topic", "batch", "stream",
	}
)
