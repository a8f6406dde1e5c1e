// Generated from the service's /openapi.json by `npm run web:api`; do not edit.
export interface paths {
    "/api/v1/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts, by name or e-mail
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    role?: "superadmin" | "admin" | "business" | "user";
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    /** @enum {string} */
                                    role: "superadmin" | "admin" | "business" | "user";
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the role of an account (admin, business or user)
         * @description Access: superadmin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "admin" | "business" | "user";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                /** @enum {string} */
                                role: "superadmin" | "admin" | "business" | "user";
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The same overview across every business, with new businesses and credits sold per day
         * @description Per day in `timeZone` (default UTC), `from`..`to` included (default: the last 30 days), at most 366 days: messages sent, delivered, read and failed; opt-ins and opt-outs; credits spent. With totals and the five campaigns sent out in the window with the best read rate (read / delivered).
         *
         *     Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First day, in `timeZone` (default: 29 days before `to`) */
                    from?: string;
                    /** @description IANA time zone the days are cut in (default UTC) */
                    timeZone?: string;
                    /** @description Last day, included, in `timeZone` (default: today there) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                days: {
                                    /** @description Messages whose recipient first followed one of their links that day */
                                    clicked: number;
                                    /** @description Credits bought that day (settled purchases) */
                                    creditsSold: number;
                                    /** @description Credits and plan units campaigns were billed */
                                    creditsSpent: number;
                                    /** @description YYYY-MM-DD in `timeZone` */
                                    day: string;
                                    /** @description Messages delivered to the handset that day */
                                    delivered: number;
                                    /** @description Messages that failed that day */
                                    failed: number;
                                    /** @description Businesses registered that day */
                                    newBusinesses: number;
                                    /** @description Contacts who opted in (or were added opted in) */
                                    optIns: number;
                                    /** @description Contacts who opted out */
                                    optOuts: number;
                                    /** @description Messages read that day */
                                    read: number;
                                    /** @description Messages whose recipient first answered them that day */
                                    replied: number;
                                    /** @description Messages the gateway accepted that day */
                                    sent: number;
                                }[];
                                from: string;
                                timeZone: string;
                                to: string;
                                /** @description Up to five campaigns sent out in the window, best read rate first */
                                topCampaigns: {
                                    businessId: string;
                                    /** @description Delivered or read */
                                    delivered: number;
                                    id: string;
                                    name: string;
                                    read: number;
                                    /** @description read / delivered, 0..1 */
                                    readRate: number;
                                    recipients: number;
                                    sentOutAt: string | null;
                                }[];
                                totals: {
                                    /** @description Messages whose recipient first followed one of their links that day */
                                    clicked: number;
                                    /** @description Credits bought that day (settled purchases) */
                                    creditsSold: number;
                                    /** @description Credits and plan units campaigns were billed */
                                    creditsSpent: number;
                                    /** @description Messages delivered to the handset that day */
                                    delivered: number;
                                    /** @description Messages that failed that day */
                                    failed: number;
                                    /** @description Businesses registered that day */
                                    newBusinesses: number;
                                    /** @description Contacts who opted in (or were added opted in) */
                                    optIns: number;
                                    /** @description Contacts who opted out */
                                    optOuts: number;
                                    /** @description Messages read that day */
                                    read: number;
                                    /** @description Messages whose recipient first answered them that day */
                                    replied: number;
                                    /** @description Messages the gateway accepted that day */
                                    sent: number;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/analytics/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue by recipient country and category, and the margin against the provider's recorded cost
         * @description Credits paid for campaign messages and replies (not refunded) of every business in the window; cost is the rate card's provider price now, per message.
         *
         *     Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First day, in `timeZone` (default: 29 days before `to`) */
                    from?: string;
                    /** @description IANA time zone the days are cut in (default UTC) */
                    timeZone?: string;
                    /** @description Last day, included, in `timeZone` (default: today there) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                from: string;
                                items: {
                                    /** @description marketing, utility, authentication or service */
                                    category: string;
                                    /** @description messages x unitCost */
                                    cost: number | null;
                                    /** @description ISO 3166 alpha-2 of the recipients; null: not known (default price) */
                                    country: string | null;
                                    /** @description revenue - cost */
                                    margin: number | null;
                                    /** @description Messages paid and not refunded (campaign messages and replies) */
                                    messages: number;
                                    /** @description Credits the businesses paid for them */
                                    revenue: number;
                                    /** @description The provider's price per message the rate card records; null: none */
                                    unitCost: number | null;
                                }[];
                                timeZone: string;
                                to: string;
                                totals: {
                                    cost: number;
                                    /** @description Over the lines with a recorded cost */
                                    margin: number;
                                    messages: number;
                                    /** @description Messages of lines without a recorded cost */
                                    messagesWithoutCost: number;
                                    revenue: number;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Businesses, by search and verification state
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    search?: string;
                    /** @description `newest` (default): newest business first. `waiting`: the verification queue order, the longest-waiting submission first (never-submitted businesses last) */
                    sort?: "newest" | "waiting";
                    /** @description `true`: only businesses that have asked for verification; `false`: only those that have not */
                    submitted?: "true" | "false";
                    verified?: "pending" | "accepted" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    account: {
                                        email: string;
                                        id: string;
                                        name: string;
                                        verified: boolean;
                                    };
                                    accountId: string;
                                    address: string | null;
                                    affiliatePercentage: number | null;
                                    businessRegistrationNumber: string | null;
                                    /** @enum {string} */
                                    businessVerified: "pending" | "accepted" | "rejected";
                                    /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                    chargeOnDelivery: boolean;
                                    companyLogo: string | null;
                                    companyName: string | null;
                                    countryCode: string | null;
                                    createdAt: string;
                                    id: string;
                                    industry: string | null;
                                    noOfEmployees: number | null;
                                    noOfSubscribers: number | null;
                                    provider: string | null;
                                    providerDashboardLogin: string | null;
                                    /** @enum {string} */
                                    providerDashboardPassword: "true" | "false";
                                    providerHSMID: string | null;
                                    /** @enum {string} */
                                    providerHSMPassword: "true" | "false";
                                    providerTwowayLogin: string | null;
                                    /** @enum {string} */
                                    providerTwowayPassword: "true" | "false";
                                    referralCode: string | null;
                                    referredBy: string | null;
                                    type: string;
                                    updatedAt: string;
                                    verificationReason: string | null;
                                    verificationSubmittedAt: string | null;
                                    wabaNumber: string | null;
                                    wabaProviderId: string | null;
                                    website: string | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A business with its account, wallet, plan, campaign and contact counts
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                account: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    /** @enum {string} */
                                    role: "superadmin" | "admin" | "business" | "user";
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                campaignCount: number;
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                contactCount: number;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A business's audit log, for platform administrators
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    action?: "account.signed_in" | "member.invited" | "invitation.resent" | "invitation.revoked" | "member.joined" | "member.role_changed" | "member.removed" | "ownership.transferred" | "seats.changed" | "business.updated" | "business.verification_submitted" | "provider.credentials_saved" | "notification_settings.updated" | "business.charging_changed" | "template.created" | "template.deleted" | "templates.synced" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "campaign.published" | "campaign.paused" | "campaign.resumed" | "campaign.cancelled" | "campaign.retried" | "campaign.winner_chosen" | "contact.created" | "contact.updated" | "contact.deleted" | "contacts.deleted" | "contacts.imported" | "contacts.exported" | "contacts.tagged" | "contact_field.created" | "contact_field.updated" | "contact_field.deleted" | "segment.created" | "segment.updated" | "segment.deleted" | "wallet.checkout_started" | "wallet.purchase_completed" | "conversation.assigned" | "inbox_assignment.updated" | "automation_rule.created" | "automation_rule.updated" | "automation_rule.deleted" | "automation_rule.enabled" | "automation_rule.disabled" | "business_hours.updated" | "automation_settings.updated" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_delivery.replayed";
                    actorId?: string;
                    from?: string;
                    page?: number;
                    pageSize?: number;
                    to?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    action: string;
                                    actorEmail: string | null;
                                    actorId: string | null;
                                    createdAt: string;
                                    details: {
                                        [key: string]: unknown;
                                    };
                                    /** Format: uuid */
                                    id: string;
                                    targetId: string | null;
                                    targetType: string | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's uploaded files (verification documents among them), newest first
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                fileName: string;
                                id: string;
                                key: string;
                                size: string | null;
                                type: string | null;
                                url: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/messaging-limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear a business's messaging limit and throughput (null clears; omitted keeps)
         * @description Access: admin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Distinct people per rolling 24 hours; null = unlimited */
                        dailyRecipients?: number | null;
                        /** @description Throughput of the number; null = the default rate */
                        messagesPerSecond?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Distinct people per rolling 24 hours; null = unlimited */
                                dailyRecipients: number | null;
                                /** @description When the next place frees (ISO time), when the limit is reached */
                                freesAt: string | null;
                                /** @description The number's throughput; null = the default rate */
                                messagesPerSecond: number | null;
                                /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                qualityRating: string | null;
                                /** @description New people that can be reached now; null = unlimited */
                                remaining: number | null;
                                /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                tier: string | null;
                                /** @description People whose conversation started in the last 24 hours */
                                used: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/promote-affiliate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a business an affiliate with a commission percentage and a referral code
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        affiliatePercentage?: number;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set how many members a business may have (null: the default)
         * @description Access: admin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        seatLimit: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** Format: uuid */
                                businessId: string;
                                seatLimit: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Accept or reject a business
         * @description Creates a notification for the business and pushes `businessVerificationDecided` (`{ businessId, status, reason, decidedAt }`) to every administrator's room, so other consoles working the queue see the decision.
         *
         *     Access: admin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                        /** @enum {string} */
                        status: "accepted" | "rejected";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/waba-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Release the business’s WhatsApp number (recorded; the business is notified)
         * @description Access: admin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/campaigns/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume any business's paused campaign whatever its number's quality (the override of resume's 409)
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/price-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rate card: price and provider cost per category and country
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    category?: "marketing" | "utility" | "authentication" | "service";
                    country?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @enum {string} */
                                    category: "marketing" | "utility" | "authentication" | "service";
                                    cost: number | null;
                                    country: string;
                                    price: number;
                                    updatedAt: string;
                                    updatedBy: string | null;
                                }[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        /**
         * Set rows of the rate card (others unchanged); applies to campaigns published after it
         * @description Access: admin.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rows: {
                            /** @enum {string} */
                            category: "marketing" | "utility" | "authentication" | "service";
                            cost?: number | null;
                            country: string;
                            price: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @enum {string} */
                                    category: "marketing" | "utility" | "authentication" | "service";
                                    cost: number | null;
                                    country: string;
                                    price: number;
                                    updatedAt: string;
                                    updatedBy: string | null;
                                }[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/price-card/{category}/{country}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a country's row: the category's default price applies to it again
         * @description Access: admin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    category: "marketing" | "utility" | "authentication" | "service";
                    country: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                category: "marketing" | "utility" | "authentication" | "service";
                                cost: number | null;
                                country: string;
                                price: number;
                                updatedAt: string;
                                updatedBy: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/price-card/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rate card as CSV: country,category,price,cost
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/price-card/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every change of the rate card, newest first
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    category?: "marketing" | "utility" | "authentication" | "service";
                    country?: string;
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @enum {string} */
                                    action: "set" | "delete" | "import";
                                    /** @enum {string} */
                                    category: "marketing" | "utility" | "authentication" | "service";
                                    changedAt: string;
                                    changedBy: string | null;
                                    country: string;
                                    id: number;
                                    newCost: number | null;
                                    newPrice: number | null;
                                    oldCost: number | null;
                                    oldPrice: number | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/price-card/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set rows from a CSV file, all or nothing (a bad line is reported and nothing applied)
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        csv: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                changed: number;
                                rows: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit rates and global settings (built-in defaults until saved)
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                affiliatePercentage: number;
                                authenticationRate: number;
                                /** @description Replies inside the window are billed (default true) */
                                billWindowReplies: boolean;
                                /** @description Free service replies per business per month (default 0) */
                                freeServiceAllowance: number;
                                lowCreditThreshold: number;
                                marketingRate: number;
                                pricePerCredit: number;
                                /** @description A message the Cloud API did not bill gives back its charge (default true) */
                                refundUnbilledMessages: boolean;
                                serviceRate: number;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create or update the global settings
         * @description Access: superadmin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        affiliatePercentage?: number;
                        authenticationRate?: number;
                        /** @description Whether replies inside the 24-hour customer-service window are billed at all */
                        billWindowReplies?: boolean;
                        /** @description Service replies each business sends free per calendar month (UTC) before the rate card prices them */
                        freeServiceAllowance?: number;
                        lowCreditThreshold?: number;
                        marketingRate?: number;
                        pricePerCredit?: number;
                        /** @description Give back the charge of a message the Cloud API reports it did not bill (`pricing.billable: false`) */
                        refundUnbilledMessages?: boolean;
                        serviceRate?: number;
                        utilityRate?: number;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                affiliatePercentage: number;
                                authenticationRate: number;
                                /** @description Replies inside the window are billed (default true) */
                                billWindowReplies: boolean;
                                /** @description Free service replies per business per month (default 0) */
                                freeServiceAllowance: number;
                                lowCreditThreshold: number;
                                marketingRate: number;
                                pricePerCredit: number;
                                /** @description A message the Cloud API did not bill gives back its charge (default true) */
                                refundUnbilledMessages: boolean;
                                serviceRate: number;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transactions of every business; `flagged=true` lists those awaiting review
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    businessId?: string;
                    flagged?: "true" | "false";
                    /** @description Created at or after this instant (ISO 8601, e.g. the start of a day in the reader’s zone) */
                    from?: string;
                    kind?: "credit_purchase" | "plan_purchase" | "campaign_credit_debit" | "campaign_plan_debit" | "affiliate_commission" | "withdrawal" | "withdrawal_refund" | "admin_adjustment" | "campaign_refund" | "affiliate_commission_reversal" | "reply_credit_debit" | "reply_refund" | "campaign_recharge" | "reply_recharge" | "campaign_hold" | "campaign_settle" | "campaign_release";
                    page?: number;
                    pageSize?: number;
                    status?: "pending" | "successful" | "failed" | "reversed";
                    /** @description Created before this instant (ISO 8601) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    amount: number;
                                    balanceDelta: number;
                                    bankAccountId: string | null;
                                    businessId: string;
                                    campaignId: string | null;
                                    companyName: string | null;
                                    createdAt: string;
                                    credits: number | null;
                                    currency: string;
                                    description: string | null;
                                    earningsDelta: number;
                                    flagged: boolean;
                                    flagReason: string | null;
                                    id: string;
                                    kind: string;
                                    planId: string | null;
                                    reference: string;
                                    relatedTransactionId: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "successful" | "failed" | "reversed";
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved bank accounts (numbers masked but the last 4 digits)
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountName: string;
                                accountNumber: string;
                                bankName: string;
                                code: string;
                                createdAt: string;
                                id: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Save a bank account (resolved through the provider first)
         * @description Access: affiliate.
         *
         *     Permission: affiliate:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountName: string;
                        accountNumber: string;
                        bankName: string;
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountName: string;
                                accountNumber: string;
                                bankName: string;
                                code: string;
                                createdAt: string;
                                id: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/bank-accounts/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resolve an account holder's name through the payment provider
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query: {
                    accountNumber: string;
                    bankCode: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountName: string;
                                accountNumber: string;
                                bankCode: string;
                                bankName: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Banks and the provider's bank codes
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                code: string;
                                name: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Earnings in NGN
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                balance: number;
                                totalEarned: number;
                                totalWithdrawn: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Businesses this affiliate referred
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    businessVerified: string;
                                    companyName: string | null;
                                    countryCode: string | null;
                                    createdAt: string;
                                    id: string;
                                    name: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commissions, withdrawals and refunds, newest first
         * @description Access: affiliate.
         *
         *     Permission: affiliate:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    amount: number;
                                    balanceDelta: number;
                                    bankAccountId: string | null;
                                    campaignId: string | null;
                                    createdAt: string;
                                    credits: number | null;
                                    currency: string;
                                    description: string | null;
                                    earningsDelta: number;
                                    flagged: boolean;
                                    flagReason: string | null;
                                    id: string;
                                    kind: string;
                                    planId: string | null;
                                    reference: string;
                                    relatedTransactionId: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "successful" | "failed" | "reversed";
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/affiliate/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw earnings (debited at once; the transfer follows)
         * @description Access: verifiedEmail, affiliate.
         *
         *     Permission: affiliate:manage.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        amount: number;
                        /** Format: uuid */
                        bankAccountId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                amount: number;
                                balanceDelta: number;
                                bankAccountId: string | null;
                                campaignId: string | null;
                                createdAt: string;
                                credits: number | null;
                                currency: string;
                                description: string | null;
                                earningsDelta: number;
                                flagged: boolean;
                                flagReason: string | null;
                                id: string;
                                kind: string;
                                planId: string | null;
                                reference: string;
                                relatedTransactionId: string | null;
                                /** @enum {string} */
                                status: "pending" | "successful" | "failed" | "reversed";
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's activity per day, totals and best campaigns
         * @description Per day in `timeZone` (default UTC), `from`..`to` included (default: the last 30 days), at most 366 days: messages sent, delivered, read and failed; opt-ins and opt-outs; credits spent. With totals and the five campaigns sent out in the window with the best read rate (read / delivered).
         *
         *     Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First day, in `timeZone` (default: 29 days before `to`) */
                    from?: string;
                    /** @description IANA time zone the days are cut in (default UTC) */
                    timeZone?: string;
                    /** @description Last day, included, in `timeZone` (default: today there) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Every day of the window, oldest first, zeros included */
                                days: {
                                    /** @description Messages whose recipient first followed one of their links that day */
                                    clicked: number;
                                    /** @description Credits and plan units campaigns were billed */
                                    creditsSpent: number;
                                    /** @description YYYY-MM-DD in `timeZone` */
                                    day: string;
                                    /** @description Messages delivered to the handset that day */
                                    delivered: number;
                                    /** @description Messages that failed that day */
                                    failed: number;
                                    /** @description Contacts who opted in (or were added opted in) */
                                    optIns: number;
                                    /** @description Contacts who opted out */
                                    optOuts: number;
                                    /** @description Messages read that day */
                                    read: number;
                                    /** @description Messages whose recipient first answered them that day */
                                    replied: number;
                                    /** @description Messages the gateway accepted that day */
                                    sent: number;
                                }[];
                                from: string;
                                timeZone: string;
                                to: string;
                                /** @description Up to five campaigns sent out in the window, best read rate first */
                                topCampaigns: {
                                    businessId: string;
                                    /** @description Delivered or read */
                                    delivered: number;
                                    id: string;
                                    name: string;
                                    read: number;
                                    /** @description read / delivered, 0..1 */
                                    readRate: number;
                                    recipients: number;
                                    sentOutAt: string | null;
                                }[];
                                totals: {
                                    /** @description Messages whose recipient first followed one of their links that day */
                                    clicked: number;
                                    /** @description Credits and plan units campaigns were billed */
                                    creditsSpent: number;
                                    /** @description Messages delivered to the handset that day */
                                    delivered: number;
                                    /** @description Messages that failed that day */
                                    failed: number;
                                    /** @description Contacts who opted in (or were added opted in) */
                                    optIns: number;
                                    /** @description Contacts who opted out */
                                    optOuts: number;
                                    /** @description Messages read that day */
                                    read: number;
                                    /** @description Messages whose recipient first answered them that day */
                                    replied: number;
                                    /** @description Messages the gateway accepted that day */
                                    sent: number;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the business paid in credits, by recipient country and category
         * @description Campaign messages and replies paid by credits and not refunded, queued from `from` to `to` (days in `timeZone`, default the last 30).
         *
         *     Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First day, in `timeZone` (default: 29 days before `to`) */
                    from?: string;
                    /** @description IANA time zone the days are cut in (default UTC) */
                    timeZone?: string;
                    /** @description Last day, included, in `timeZone` (default: today there) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                from: string;
                                items: {
                                    /** @description marketing, utility, authentication or service */
                                    category: string;
                                    /** @description ISO 3166 alpha-2 of the recipients; null: not known (default price) */
                                    country: string | null;
                                    /** @description Credits paid for them */
                                    credits: number;
                                    /** @description Messages paid and not refunded (campaign messages and replies) */
                                    messages: number;
                                }[];
                                timeZone: string;
                                to: string;
                                totalCredits: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's API keys, oldest first, revoked ones included; never a secret
         * @description Access: authenticated.
         *
         *     Permission: api-keys:manage.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                /** Format: uuid */
                                createdBy: string;
                                expiresAt: string | null;
                                /** Format: uuid */
                                id: string;
                                lastUsedAt: string | null;
                                name: string;
                                prefix: string;
                                previousValidUntil: string | null;
                                revokedAt: string | null;
                                scopes: ("contacts:read" | "contacts:write" | "campaigns:read" | "campaigns:write" | "templates:read" | "templates:write" | "conversations:read" | "conversations:write" | "reports:read" | "reports:write" | "webhooks:read" | "webhooks:write")[];
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key with scopes and an optional expiry; the whole key is in this answer only
         * @description Access: authenticated.
         *
         *     Permission: api-keys:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expiresAt?: string;
                        name: string;
                        scopes: ("contacts:read" | "contacts:write" | "campaigns:read" | "campaigns:write" | "templates:read" | "templates:write" | "conversations:read" | "conversations:write" | "reports:read" | "reports:write" | "webhooks:read" | "webhooks:write")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                /** Format: uuid */
                                createdBy: string;
                                expiresAt: string | null;
                                /** Format: uuid */
                                id: string;
                                key: string;
                                lastUsedAt: string | null;
                                name: string;
                                prefix: string;
                                previousValidUntil: string | null;
                                revokedAt: string | null;
                                scopes: ("contacts:read" | "contacts:write" | "campaigns:read" | "campaigns:write" | "templates:read" | "templates:write" | "conversations:read" | "conversations:write" | "reports:read" | "reports:write" | "webhooks:read" | "webhooks:write")[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke the key: refused at once, its old secret too
         * @description Access: authenticated.
         *
         *     Permission: api-keys:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                /** Format: uuid */
                                createdBy: string;
                                expiresAt: string | null;
                                /** Format: uuid */
                                id: string;
                                lastUsedAt: string | null;
                                name: string;
                                prefix: string;
                                previousValidUntil: string | null;
                                revokedAt: string | null;
                                scopes: ("contacts:read" | "contacts:write" | "campaigns:read" | "campaigns:write" | "templates:read" | "templates:write" | "conversations:read" | "conversations:write" | "reports:read" | "reports:write" | "webhooks:read" | "webhooks:write")[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new secret for the key; the old one stays valid `overlapHours` (0 to 168, default 24)
         * @description A 409 on a revoked key, and while the overlap of the last rotation runs (it would end the old secret at once).
         *
         *     Access: authenticated.
         *
         *     Permission: api-keys:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default 24 */
                        overlapHours?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                /** Format: uuid */
                                createdBy: string;
                                expiresAt: string | null;
                                /** Format: uuid */
                                id: string;
                                key: string;
                                lastUsedAt: string | null;
                                name: string;
                                prefix: string;
                                previousValidUntil: string | null;
                                revokedAt: string | null;
                                scopes: ("contacts:read" | "contacts:write" | "campaigns:read" | "campaigns:write" | "templates:read" | "templates:write" | "conversations:read" | "conversations:write" | "reports:read" | "reports:write" | "webhooks:read" | "webhooks:write")[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's audit log, newest first; filter by member, action and dates
         * @description Access: authenticated.
         *
         *     Permission: audit:read.
         */
        get: {
            parameters: {
                query?: {
                    action?: "account.signed_in" | "member.invited" | "invitation.resent" | "invitation.revoked" | "member.joined" | "member.role_changed" | "member.removed" | "ownership.transferred" | "seats.changed" | "business.updated" | "business.verification_submitted" | "provider.credentials_saved" | "notification_settings.updated" | "business.charging_changed" | "template.created" | "template.deleted" | "templates.synced" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "campaign.published" | "campaign.paused" | "campaign.resumed" | "campaign.cancelled" | "campaign.retried" | "campaign.winner_chosen" | "contact.created" | "contact.updated" | "contact.deleted" | "contacts.deleted" | "contacts.imported" | "contacts.exported" | "contacts.tagged" | "contact_field.created" | "contact_field.updated" | "contact_field.deleted" | "segment.created" | "segment.updated" | "segment.deleted" | "wallet.checkout_started" | "wallet.purchase_completed" | "conversation.assigned" | "inbox_assignment.updated" | "automation_rule.created" | "automation_rule.updated" | "automation_rule.deleted" | "automation_rule.enabled" | "automation_rule.disabled" | "business_hours.updated" | "automation_settings.updated" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_delivery.replayed";
                    actorId?: string;
                    from?: string;
                    page?: number;
                    pageSize?: number;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    action: string;
                                    actorEmail: string | null;
                                    actorId: string | null;
                                    createdAt: string;
                                    details: {
                                        [key: string]: unknown;
                                    };
                                    /** Format: uuid */
                                    id: string;
                                    targetId: string | null;
                                    targetType: string | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log as CSV (the same filters; at most 50,000 entries)
         * @description Access: authenticated.
         *
         *     Permission: audit:read.
         */
        get: {
            parameters: {
                query?: {
                    action?: "account.signed_in" | "member.invited" | "invitation.resent" | "invitation.revoked" | "member.joined" | "member.role_changed" | "member.removed" | "ownership.transferred" | "seats.changed" | "business.updated" | "business.verification_submitted" | "provider.credentials_saved" | "notification_settings.updated" | "business.charging_changed" | "template.created" | "template.deleted" | "templates.synced" | "campaign.created" | "campaign.updated" | "campaign.deleted" | "campaign.published" | "campaign.paused" | "campaign.resumed" | "campaign.cancelled" | "campaign.retried" | "campaign.winner_chosen" | "contact.created" | "contact.updated" | "contact.deleted" | "contacts.deleted" | "contacts.imported" | "contacts.exported" | "contacts.tagged" | "contact_field.created" | "contact_field.updated" | "contact_field.deleted" | "segment.created" | "segment.updated" | "segment.deleted" | "wallet.checkout_started" | "wallet.purchase_completed" | "conversation.assigned" | "inbox_assignment.updated" | "automation_rule.created" | "automation_rule.updated" | "automation_rule.deleted" | "automation_rule.enabled" | "automation_rule.disabled" | "business_hours.updated" | "automation_settings.updated" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_delivery.replayed";
                    actorId?: string;
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/businesses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The businesses this account belongs to, with its role in each and the one this session acts for
         * @description Access: authenticated.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                availability: "available" | "away";
                                /** Format: uuid */
                                businessId: string;
                                companyName: string | null;
                                current: boolean;
                                joinedAt: string;
                                permissions: ("business:read" | "business:write" | "business:transfer" | "business:delete" | "provider:manage" | "members:read" | "members:manage" | "audit:read" | "api-keys:manage" | "webhooks:read" | "webhooks:manage" | "automation:read" | "automation:manage" | "contact-fields:manage" | "contacts:read" | "contacts:write" | "contacts:export" | "templates:read" | "templates:write" | "campaigns:read" | "campaigns:write" | "campaigns:publish" | "reports:read" | "inbox:read" | "inbox:read-all" | "inbox:reply" | "inbox:update" | "inbox:assign" | "wallet:read" | "wallet:purchase" | "uploads:read" | "uploads:write" | "notifications:read" | "settings:manage" | "support:use" | "affiliate:read" | "affiliate:manage")[];
                                /** @enum {string} */
                                role: "owner" | "admin" | "marketer" | "agent" | "viewer";
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password (signs out other devices)
         * @description Access: authenticated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        newPassword: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/check-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether an e-mail address is free to register */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a password-reset code
         * @description Answers 400 when no account uses the address.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/identity-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether identity-provider sign-in is offered, and where a browser starts it */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Where to send the browser to start the flow, with `response_type=code`, `client_id`, `redirect_uri` and `scope`; the client adds its own `state` and checks it on return. Null when disabled */
                                authorizationUrl: string | null;
                                /** @description Whether identity-provider sign-in is configured */
                                enabled: boolean;
                                /** @description The provider's name for a "Continue with …" button; null when disabled */
                                name: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new access token for a live session, and the next refresh token
         * @description Each refresh token works once: the answer carries the next one. Presenting a used one again ends the session (401).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refreshToken?: string;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password with a reset code
         * @description Send `email` and `code`, or `token` from the link in the reset e-mail (single use; a wrong token is a 400 on `token` and counts against no code budget).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description With `email`; or send `token` instead */
                        code?: string;
                        /**
                         * Format: email
                         * @description With `code`
                         */
                        email?: string;
                        password: string;
                        /** @description The token of the link in the e-mail: an alternative to the typed code, single use */
                        token?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/send-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a 6-digit code (valid 10 minutes) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/set-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a first password (accounts created without one)
         * @description Needs a session signed in during the last 10 minutes (403 otherwise).
         *
         *     Access: authenticated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                hasPassword: boolean;
                                /** Format: uuid */
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                                user: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    hasPassword: boolean;
                                    /** Format: uuid */
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: ends the session, clears the cookie
         * @description Access: authenticated. The cookie is cleared even when the answer is a 401.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        name: string;
                        password?: string;
                        referralCode?: string;
                        whatsappNumber: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                                user: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    hasPassword: boolean;
                                    /** Format: uuid */
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/switch-business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Act for another business the account belongs to: a new session, the current one ends
         * @description Answers like sign-in: new tokens acting for that business (and the cookie). The tokens of the current session stop working. A business the account is no member of is a 404.
         *
         *     Access: authenticated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        businessId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                                user: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    hasPassword: boolean;
                                    /** Format: uuid */
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a code without consuming it
         * @description Send `email` with the code: a wrong code then counts against that address’s code budgets (per client and in all).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        /** Format: email */
                        email?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {boolean} */
                                valid: true;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the account’s e-mail with its code
         * @description Send `code`, or `token` from the link in the e-mail (single use; a wrong token is a 400 on `token` and counts against no code budget).
         *
         *     Access: authenticated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code?: string;
                        /** @description The token of the link in the e-mail: an alternative to the typed code, single use */
                        token?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                hasPassword: boolean;
                                /** Format: uuid */
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/automation/business-hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's opening hours; null: none set (no away message is sent)
         * @description Access: authenticated.
         *
         *     Permission: automation:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                timeZone: string;
                                week: {
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    fri: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    mon: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    sat: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    sun: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    thu: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    tue: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    wed: {
                                        close: string;
                                        open: string;
                                    }[];
                                };
                            } | null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        /**
         * Sets the opening hours: a time zone and, per weekday, open intervals (empty: closed)
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        timeZone: string;
                        week: {
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            fri: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            mon: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            sat: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            sun: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            thu: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            tue: {
                                close: string;
                                open: string;
                            }[];
                            /** @description open intervals, local time, open <= t < close; empty: closed all day */
                            wed: {
                                close: string;
                                open: string;
                            }[];
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                timeZone: string;
                                week: {
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    fri: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    mon: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    sat: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    sun: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    thu: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    tue: {
                                        close: string;
                                        open: string;
                                    }[];
                                    /** @description open intervals, local time, open <= t < close; empty: closed all day */
                                    wed: {
                                        close: string;
                                        open: string;
                                    }[];
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/automation/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's automation rules, newest first, with their uses
         * @description Access: authenticated.
         *
         *     Permission: automation:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    activeFrom: string | null;
                                    activeUntil: string | null;
                                    /** @description choice only: the button or row id */
                                    choiceId: string | null;
                                    /** @description this rule's cooldown per contact; null: the business's */
                                    cooldownSeconds: number | null;
                                    createdAt: string;
                                    enabled: boolean;
                                    id: string;
                                    /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                    matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                    name: string;
                                    pattern: string | null;
                                    /** @description the highest wins between matching rules */
                                    priority: number;
                                    reply: {
                                        [key: string]: unknown;
                                    };
                                    /**
                                     * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                     * @enum {string}
                                     */
                                    trigger: "keyword" | "welcome" | "away" | "choice";
                                    updatedAt: string;
                                    /** @description automated replies this rule queued */
                                    usesCount: number;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Creates a rule: a trigger and a reply
         * @description The reply is validated as the Cloud API does (buttons: 1 to 3, ids up to 256 characters, titles up to 20, unique; lists: 1 to 10 rows in all, titles up to 24, descriptions up to 72, section titles up to 24, ids up to 200, unique; a button label up to 20; bodies up to 1024 for buttons, 4096 for lists): a refusal is a 400 naming the field. A keyword rule needs `matchMode` and `pattern`, a choice rule `choiceId`.
         *
         *     Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        activeFrom?: string | null;
                        activeUntil?: string | null;
                        /** @description choice only: the button or row id */
                        choiceId?: string | null;
                        /** @description this rule's cooldown per contact; null: the business's */
                        cooldownSeconds?: number | null;
                        enabled?: boolean;
                        /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                        matchMode?: ("exact" | "contains" | "starts" | "regex") | null;
                        name: string;
                        pattern?: string | null;
                        /** @description the highest wins between matching rules */
                        priority?: number;
                        /** @description what is sent: `text`, `mediaKey` (+ `caption`), `templateId` (+ `templateParameters`) or `interactive` (buttons or a list, held to Meta's limits) */
                        reply: {
                            caption?: string;
                            /** @description reply buttons (1 to 3) or a list (1 to 10 rows), inside the window only */
                            interactive?: {
                                body: string;
                                buttons: {
                                    id: string;
                                    title: string;
                                }[];
                                footer?: string;
                                header?: string;
                                /** @enum {string} */
                                type: "buttons";
                            } | {
                                body: string;
                                /** @description the label of the button that opens the list */
                                button: string;
                                footer?: string;
                                header?: string;
                                sections: {
                                    rows: {
                                        description?: string;
                                        id: string;
                                        title: string;
                                    }[];
                                    title?: string;
                                }[];
                                /** @enum {string} */
                                type: "list";
                            };
                            /** @description the `key` of an upload of the business */
                            mediaKey?: string;
                            /** Format: uuid */
                            templateId?: string;
                            templateParameters?: {
                                /** @default [] */
                                body?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                buttons?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[];
                                /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                code?: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                                header?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                /** Format: uri */
                                headerMediaUrl?: string;
                            };
                            text?: string;
                        };
                        /**
                         * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                         * @enum {string}
                         */
                        trigger: "keyword" | "welcome" | "away" | "choice";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                activeFrom: string | null;
                                activeUntil: string | null;
                                /** @description choice only: the button or row id */
                                choiceId: string | null;
                                /** @description this rule's cooldown per contact; null: the business's */
                                cooldownSeconds: number | null;
                                createdAt: string;
                                enabled: boolean;
                                id: string;
                                /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                name: string;
                                pattern: string | null;
                                /** @description the highest wins between matching rules */
                                priority: number;
                                reply: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                 * @enum {string}
                                 */
                                trigger: "keyword" | "welcome" | "away" | "choice";
                                updatedAt: string;
                                /** @description automated replies this rule queued */
                                usesCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/automation/rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One rule
         * @description Access: authenticated.
         *
         *     Permission: automation:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                activeFrom: string | null;
                                activeUntil: string | null;
                                /** @description choice only: the button or row id */
                                choiceId: string | null;
                                /** @description this rule's cooldown per contact; null: the business's */
                                cooldownSeconds: number | null;
                                createdAt: string;
                                enabled: boolean;
                                id: string;
                                /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                name: string;
                                pattern: string | null;
                                /** @description the highest wins between matching rules */
                                priority: number;
                                reply: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                 * @enum {string}
                                 */
                                trigger: "keyword" | "welcome" | "away" | "choice";
                                updatedAt: string;
                                /** @description automated replies this rule queued */
                                usesCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Deletes a rule (its replies already sent stay in their threads)
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Changes a rule (fields left out keep their value)
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        activeFrom?: string | null;
                        activeUntil?: string | null;
                        /** @description choice only: the button or row id */
                        choiceId?: string | null;
                        /** @description this rule's cooldown per contact; null: the business's */
                        cooldownSeconds?: number | null;
                        enabled?: boolean;
                        /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                        matchMode?: ("exact" | "contains" | "starts" | "regex") | null;
                        name?: string;
                        pattern?: string | null;
                        /** @description the highest wins between matching rules */
                        priority?: number;
                        /** @description what is sent: `text`, `mediaKey` (+ `caption`), `templateId` (+ `templateParameters`) or `interactive` (buttons or a list, held to Meta's limits) */
                        reply?: {
                            caption?: string;
                            /** @description reply buttons (1 to 3) or a list (1 to 10 rows), inside the window only */
                            interactive?: {
                                body: string;
                                buttons: {
                                    id: string;
                                    title: string;
                                }[];
                                footer?: string;
                                header?: string;
                                /** @enum {string} */
                                type: "buttons";
                            } | {
                                body: string;
                                /** @description the label of the button that opens the list */
                                button: string;
                                footer?: string;
                                header?: string;
                                sections: {
                                    rows: {
                                        description?: string;
                                        id: string;
                                        title: string;
                                    }[];
                                    title?: string;
                                }[];
                                /** @enum {string} */
                                type: "list";
                            };
                            /** @description the `key` of an upload of the business */
                            mediaKey?: string;
                            /** Format: uuid */
                            templateId?: string;
                            templateParameters?: {
                                /** @default [] */
                                body?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                buttons?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[];
                                /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                code?: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                                header?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                /** Format: uri */
                                headerMediaUrl?: string;
                            };
                            text?: string;
                        };
                        /**
                         * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                         * @enum {string}
                         */
                        trigger?: "keyword" | "welcome" | "away" | "choice";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                activeFrom: string | null;
                                activeUntil: string | null;
                                /** @description choice only: the button or row id */
                                choiceId: string | null;
                                /** @description this rule's cooldown per contact; null: the business's */
                                cooldownSeconds: number | null;
                                createdAt: string;
                                enabled: boolean;
                                id: string;
                                /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                name: string;
                                pattern: string | null;
                                /** @description the highest wins between matching rules */
                                priority: number;
                                reply: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                 * @enum {string}
                                 */
                                trigger: "keyword" | "welcome" | "away" | "choice";
                                updatedAt: string;
                                /** @description automated replies this rule queued */
                                usesCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/automation/rules/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switches a rule off: it stops at once, its replies not yet sent included
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                activeFrom: string | null;
                                activeUntil: string | null;
                                /** @description choice only: the button or row id */
                                choiceId: string | null;
                                /** @description this rule's cooldown per contact; null: the business's */
                                cooldownSeconds: number | null;
                                createdAt: string;
                                enabled: boolean;
                                id: string;
                                /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                name: string;
                                pattern: string | null;
                                /** @description the highest wins between matching rules */
                                priority: number;
                                reply: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                 * @enum {string}
                                 */
                                trigger: "keyword" | "welcome" | "away" | "choice";
                                updatedAt: string;
                                /** @description automated replies this rule queued */
                                usesCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/automation/rules/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switches a rule on
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                activeFrom: string | null;
                                activeUntil: string | null;
                                /** @description choice only: the button or row id */
                                choiceId: string | null;
                                /** @description this rule's cooldown per contact; null: the business's */
                                cooldownSeconds: number | null;
                                createdAt: string;
                                enabled: boolean;
                                id: string;
                                /** @description keyword only: how `pattern` matches (case and accents ignored); `regex` runs with a time limit */
                                matchMode: ("exact" | "contains" | "starts" | "regex") | null;
                                name: string;
                                pattern: string | null;
                                /** @description the highest wins between matching rules */
                                priority: number;
                                reply: {
                                    [key: string]: unknown;
                                };
                                /**
                                 * @description `keyword`: the text matches `pattern`; `welcome`: the first message a contact ever sends; `away`: a message outside business hours; `choice`: a button or list reply whose id is `choiceId`
                                 * @enum {string}
                                 */
                                trigger: "keyword" | "welcome" | "away" | "choice";
                                updatedAt: string;
                                /** @description automated replies this rule queued */
                                usesCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/automation/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Opt-out words, the cooldown per rule and contact, the daily cap per contact
         * @description Access: authenticated.
         *
         *     Permission: automation:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description false: never saved; the built-in opt-out words apply */
                                configured: boolean;
                                /** @description one automated reply per rule and contact within it (default 3600) */
                                cooldownSeconds: number;
                                /** @description automated replies a contact gets in 24 hours at most (default 10) */
                                dailyCap: number;
                                optOutWords: string[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        /**
         * Saves the automation settings (fields left out keep their value or default)
         * @description Access: authenticated.
         *
         *     Permission: automation:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cooldownSeconds?: number;
                        dailyCap?: number;
                        /** @description words that opt a contact out (whole message, case and accents ignored); default STOP, UNSUBSCRIBE and their usual translations */
                        optOutWords?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description false: never saved; the built-in opt-out words apply */
                                configured: boolean;
                                /** @description one automated reply per rule and contact within it (default 3600) */
                                cooldownSeconds: number;
                                /** @description automated replies a contact gets in 24 hours at most (default 10) */
                                dailyCap: number;
                                optOutWords: string[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business profile with its wallet and active plan
         * @description Access: authenticated.
         *
         *     Permission: business:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the profile (other fields are ignored)
         * @description Access: authenticated.
         *
         *     Permission: business:write.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address?: string | null;
                        businessRegistrationNumber?: string | null;
                        companyLogo?: string | null;
                        companyName?: string | null;
                        countryCode?: string | null;
                        industry?: string | null;
                        noOfEmployees?: number | null;
                        noOfSubscribers?: number | null;
                        website?: string | null;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/business/charging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Charge campaigns paid by credits on delivery (held at publish) or at publish; applies to campaigns published after it
         * @description Access: authenticated.
         *
         *     Permission: settings:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true: hold at publish, charge each delivered message, release the rest; false: charge at publish */
                        chargeOnDelivery: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/business/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store the messaging-provider credentials (passwords encrypted, shown as true/false)
         * @description For `provider: "whatsapp-cloud"`, checked with the Graph API first: the token opens the phone-number id, the WhatsApp Business Account lists it and shows it as `wabaNumber` (400 naming `providerHSMPassword`, `wabaProviderId`, `providerHSMID` or `wabaNumber`). A phone-number id another business is connected with is a 409 naming `providerHSMID`. Nothing is stored on a refusal.
         *
         *     Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: provider:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description "whatsapp-cloud" for the WhatsApp Cloud API; anything else is the enterprise gateway */
                        provider: string;
                        providerDashboardLogin?: string;
                        providerDashboardPassword?: string;
                        providerHSMID: string;
                        providerHSMPassword: string;
                        providerTwowayLogin?: string;
                        providerTwowayPassword?: string;
                        wabaNumber: string;
                        wabaProviderId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/business/provider/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check messaging-provider credentials with the provider, without storing them
         * @description For `provider: "whatsapp-cloud"`, the checks `POST /business/provider` makes with the Graph API (the token opens the number, the account lists it, it shows as `wabaNumber`): 200 with the number the provider shows, or a 400 naming the field. The gateway has no such call: its credentials are checked for shape only (`checked: false`).
         *
         *     Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: provider:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description "whatsapp-cloud" for the WhatsApp Cloud API; anything else is the enterprise gateway */
                        provider: string;
                        providerDashboardLogin?: string;
                        providerDashboardPassword?: string;
                        providerHSMID: string;
                        providerHSMPassword: string;
                        providerTwowayLogin?: string;
                        providerTwowayPassword?: string;
                        wabaNumber: string;
                        wabaProviderId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Whether the provider itself was asked (the Cloud API only) */
                                checked: boolean;
                                displayPhoneNumber: string | null;
                                /** @enum {string} */
                                provider: "gateway" | "whatsapp-cloud";
                                /** @description GREEN, YELLOW, RED or UNKNOWN */
                                qualityRating: string | null;
                                verifiedName: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/business/referral-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a new referral code (affiliates)
         * @description Access: affiliate.
         *
         *     Permission: affiliate:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/business/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the profile to the administrators for verification
         * @description Access: verifiedEmail.
         *
         *     Permission: business:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountId: string;
                                address: string | null;
                                affiliatePercentage: number | null;
                                businessRegistrationNumber: string | null;
                                /** @enum {string} */
                                businessVerified: "pending" | "accepted" | "rejected";
                                /** @description Campaigns paid by credits hold their price at publish and are charged per delivered message (PUT /business/charging) */
                                chargeOnDelivery: boolean;
                                companyLogo: string | null;
                                companyName: string | null;
                                countryCode: string | null;
                                createdAt: string;
                                id: string;
                                industry: string | null;
                                messagingLimit: {
                                    /** @description Distinct people per rolling 24 hours; null = unlimited */
                                    dailyRecipients: number | null;
                                    /** @description When the next place frees (ISO time), when the limit is reached */
                                    freesAt: string | null;
                                    /** @description The number's throughput; null = the default rate */
                                    messagesPerSecond: number | null;
                                    /** @description The number's quality: GREEN, YELLOW, RED, FLAGGED, UNKNOWN */
                                    qualityRating: string | null;
                                    /** @description New people that can be reached now; null = unlimited */
                                    remaining: number | null;
                                    /** @description The Cloud API tier (TIER_250 ... TIER_UNLIMITED), when it told us */
                                    tier: string | null;
                                    /** @description People whose conversation started in the last 24 hours */
                                    used: number;
                                };
                                noOfEmployees: number | null;
                                noOfSubscribers: number | null;
                                provider: string | null;
                                providerDashboardLogin: string | null;
                                /** @enum {string} */
                                providerDashboardPassword: "true" | "false";
                                providerHSMID: string | null;
                                /** @enum {string} */
                                providerHSMPassword: "true" | "false";
                                providerTwowayLogin: string | null;
                                /** @enum {string} */
                                providerTwowayPassword: "true" | "false";
                                referralCode: string | null;
                                referredBy: string | null;
                                type: string;
                                updatedAt: string;
                                userPlan: {
                                    balance: number;
                                    createdAt: string;
                                    expiredDate: string;
                                    freeCredit: number;
                                    id: string;
                                    plan: {
                                        authenticationRate: number;
                                        categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                        createdAt: string;
                                        description: string | null;
                                        duration: number;
                                        freeCredit: number;
                                        id: string;
                                        isActive: boolean;
                                        marketingRate: number;
                                        name: string;
                                        price: number;
                                        seats: number | null;
                                        serviceRate: number;
                                        updatedAt: string;
                                        utilityRate: number;
                                    };
                                    planId: string;
                                    updatedAt: string;
                                } | null;
                                verificationReason: string | null;
                                verificationSubmittedAt: string | null;
                                wabaNumber: string | null;
                                wabaProviderId: string | null;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                } | null;
                                website: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's campaigns, newest first; `search` matches name and description
         * @description Access: authenticated.
         *
         *     Permission: campaigns:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    abTest: {
                                        decideAfterMinutes: number;
                                        /** @enum {string} */
                                        metric: "readRate" | "clickRate";
                                        testShare: number;
                                    } | null;
                                    actionButtonTitle: string | null;
                                    actionButtonUrl: string | null;
                                    /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                    audience: ({
                                        fromCampaign: string;
                                        /** @enum {string} */
                                        outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                    } | {
                                        segmentId: string;
                                    }) | null;
                                    completedAt: string | null;
                                    cost: number | null;
                                    createdAt: string;
                                    description: string | null;
                                    failedCount: number;
                                    header: string | null;
                                    id: string;
                                    isPublished: boolean;
                                    isScheduled: boolean;
                                    isSentOut: boolean;
                                    message: string;
                                    /** @enum {string} */
                                    messageType: "marketing" | "utility" | "authentication";
                                    name: string;
                                    /** @description Set while paused (by the business, or by a quality drop) */
                                    pausedAt: string | null;
                                    pauseReason: string | null;
                                    paymentMethod: ("credit" | "plan") | null;
                                    publishedAt: string | null;
                                    rate: number | null;
                                    recipientCount: number;
                                    scheduledAt: string | null;
                                    selectedContactId: string[];
                                    sendToAllContact: boolean;
                                    sentCount: number;
                                    sentOutAt: string | null;
                                    /**
                                     * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                     * @enum {string}
                                     */
                                    state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                    /**
                                     * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                     * @enum {string}
                                     */
                                    status: "draft" | "scheduled" | "pending" | "sent";
                                    /** @description When a provider error stopped its remaining sends */
                                    stoppedAt: string | null;
                                    /** @description Why its remaining sends were stopped */
                                    stopReason: string | null;
                                    /** @enum {string} */
                                    tagMatch: "any" | "all";
                                    tags: string[];
                                    /** @description The template the campaign is sent as */
                                    templateId: string | null;
                                    /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                    templateParameters: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                    timeZone: string | null;
                                    /** @description Links go out as tracked short links */
                                    trackClicks: boolean;
                                    updatedAt: string;
                                    uploadFileUrl: string | null;
                                    /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                    variants: {
                                        message?: string | null;
                                        name: string;
                                        templateId?: string | null;
                                        templateParameters?: {
                                            /** @default [] */
                                            body: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[] | {
                                                [key: string]: {
                                                    /** @description Sent when the contact has no value */
                                                    fallback?: string;
                                                    field: string;
                                                } | {
                                                    text: string;
                                                };
                                            };
                                            buttons?: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[];
                                            /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                            code?: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                            header?: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[] | {
                                                [key: string]: {
                                                    /** @description Sent when the contact has no value */
                                                    fallback?: string;
                                                    field: string;
                                                } | {
                                                    text: string;
                                                };
                                            };
                                            /** Format: uri */
                                            headerMediaUrl?: string;
                                        } | null;
                                    }[] | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a draft, or create and publish it when `paymentMethod` is given
         * @description Access: authenticated.
         *
         *     Permission: campaigns:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        abTest?: {
                            decideAfterMinutes: number;
                            /** @enum {string} */
                            metric: "readRate" | "clickRate";
                            /** @description Share of the audience the variants are tested on */
                            testShare: number;
                        } | null;
                        actionButtonTitle?: string | null;
                        actionButtonUrl?: string | null;
                        audience?: {
                            /** Format: uuid */
                            fromCampaign?: string;
                            /** @enum {string} */
                            outcome?: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                            /** Format: uuid */
                            segmentId?: string;
                        } | null;
                        description?: string | null;
                        header?: string | null;
                        isScheduled: boolean;
                        message: string;
                        /**
                         * @default marketing
                         * @enum {string}
                         */
                        messageType?: "marketing" | "utility" | "authentication";
                        name: string;
                        /** @enum {string} */
                        paymentMethod?: "credit" | "plan";
                        scheduledAt?: string | null;
                        /** @default [] */
                        selectedContactId?: string[];
                        sendToAllContact: boolean;
                        /**
                         * @default any
                         * @enum {string}
                         */
                        tagMatch?: "any" | "all";
                        tags?: string[];
                        templateId?: string | null;
                        templateParameters?: {
                            /** @default [] */
                            body?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            buttons?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[];
                            /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                            code?: {
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            };
                            header?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            /** Format: uri */
                            headerMediaUrl?: string;
                        } | null;
                        timeZone?: string | null;
                        /** @default true */
                        trackClicks?: boolean;
                        uploadFileUrl?: string | null;
                        variants?: {
                            message?: string | null;
                            name: string;
                            templateId?: string | null;
                            templateParameters?: {
                                /** @default [] */
                                body?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                buttons?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[];
                                /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                code?: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                                header?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                /** Format: uri */
                                headerMediaUrl?: string;
                            } | null;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One campaign with its delivery counts
         * @description Access: authenticated.
         *
         *     Permission: campaigns:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                delivery: {
                                    failed: number;
                                    held: number;
                                    pending: number;
                                    queued: number;
                                    sending: number;
                                    sent: number;
                                    total: number;
                                };
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                                /** @description Set while the campaign's queued messages wait for the business's messaging limit */
                                waitingForLimit: {
                                    /** @description When the messaging limit frees a place and sending goes on */
                                    resumesAt: string | null;
                                    /** @description Messages waiting for the limit */
                                    waiting: number;
                                } | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a campaign (400 while published and waiting for its scheduled time)
         * @description Access: authenticated.
         *
         *     Permission: campaigns:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Edit a draft (400 once published or sent)
         * @description Access: authenticated.
         *
         *     Permission: campaigns:write.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        abTest?: {
                            decideAfterMinutes: number;
                            /** @enum {string} */
                            metric: "readRate" | "clickRate";
                            /** @description Share of the audience the variants are tested on */
                            testShare: number;
                        } | null;
                        actionButtonTitle?: string | null;
                        actionButtonUrl?: string | null;
                        audience?: {
                            /** Format: uuid */
                            fromCampaign?: string;
                            /** @enum {string} */
                            outcome?: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                            /** Format: uuid */
                            segmentId?: string;
                        } | null;
                        description?: string | null;
                        header?: string | null;
                        isScheduled?: boolean;
                        message?: string;
                        /** @enum {string} */
                        messageType?: "marketing" | "utility" | "authentication";
                        name?: string;
                        scheduledAt?: string | null;
                        selectedContactId?: string[];
                        sendToAllContact?: boolean;
                        /** @enum {string} */
                        tagMatch?: "any" | "all";
                        tags?: string[];
                        templateId?: string | null;
                        templateParameters?: {
                            /** @default [] */
                            body?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            buttons?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[];
                            /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                            code?: {
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            };
                            header?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            /** Format: uri */
                            headerMediaUrl?: string;
                        } | null;
                        timeZone?: string | null;
                        trackClicks?: boolean;
                        uploadFileUrl?: string | null;
                        variants?: {
                            message?: string | null;
                            name: string;
                            templateId?: string | null;
                            templateParameters?: {
                                /** @default [] */
                                body?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                buttons?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[];
                                /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                code?: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                                header?: ({
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                })[] | {
                                    [key: string]: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                };
                                /** Format: uri */
                                headerMediaUrl?: string;
                            } | null;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign waiting for its scheduled time: its cost is refunded and it becomes a draft again (400 when it is a draft or already sent out)
         * @description Access: authenticated.
         *
         *     Permission: campaigns:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each recipient's outcome with its timestamps (filter by `status`, `search` by phone or name), with the failure reason
         * @description Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only the messages whose recipient clicked (true) or did not (false) */
                    clicked?: "true" | "false";
                    page?: number;
                    pageSize?: number;
                    /** @description Phone digits (anywhere in the number) or words starting the recipient's name */
                    search?: string;
                    status?: "held" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    attempts: number;
                                    /** @description First time the recipient followed one of its tracked links */
                                    clickedAt: string | null;
                                    contactId: string | null;
                                    createdAt: string;
                                    deliveredAt: string | null;
                                    /** @description The gateway's error code of a reported failure */
                                    errorCode: string | null;
                                    failedAt: string | null;
                                    /** @description Why it failed; null unless failed (or waiting for a retry) */
                                    failureReason: string | null;
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    phoneNumber: string;
                                    providerMessageId: string | null;
                                    readAt: string | null;
                                    sentAt: string | null;
                                    /** @enum {string} */
                                    status: "held" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed";
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/messages/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the messages as CSV or XLSX (firstName, lastName, phoneNumber, status, sentAt, deliveredAt, readAt, failedAt, errorCode, failureReason)
         * @description Same filters as the list (`status`, `search`), in no promised order (as stored, for speed); X-Record-Count gives the number of rows. 429 while too many exports and imports run.
         *
         *     Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only the messages whose recipient clicked (true) or did not (false) */
                    clicked?: "true" | "false";
                    format?: "csv" | "xlsx";
                    /** @description Phone digits (anywhere in the number) or words starting the recipient's name */
                    search?: string;
                    status?: "held" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign being delivered: its queued messages wait (400 when not being delivered)
         * @description Access: authenticated.
         *
         *     Permission: campaigns:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bill and publish a draft: sent at once, or at `scheduledAt` when scheduled
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: campaigns:publish.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        paymentMethod: "credit" | "plan";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Results: counts per state, funnel and rates, failure reasons, opt-outs, cost, timeline
         * @description Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                campaignId: string;
                                /** @description reached.clicked / reached.delivered, 0..1 */
                                clickRate: number;
                                completedAt: string | null;
                                /** @description Credits (or plan units) billed */
                                cost: number | null;
                                /** @description What the campaign's kept messages cost, by recipient country (its category's prices at publish) */
                                costByCountry: {
                                    category: string;
                                    /** @description What they cost the business */
                                    cost: number;
                                    /** @description ISO 3166 alpha-2; null: not known (priced at the default) */
                                    country: string | null;
                                    /** @description Messages paid and not refunded */
                                    messages: number;
                                    /** @description Credits (or plan units) per message */
                                    price: number;
                                }[];
                                /** @description reached.delivered / reached.sent, 0..1 (0 before any is sent) */
                                deliveryRate: number;
                                /** @description Failed messages grouped by what their failure calls for */
                                failureGroups: {
                                    count: number;
                                    /**
                                     * @description What the failure calls for (docs/failure-outcomes.md)
                                     * @enum {string}
                                     */
                                    outcome: "retry" | "defer" | "optout" | "fail" | "stop" | "pause" | "cancelled";
                                    reasons: {
                                        count: number;
                                        reason: string;
                                    }[];
                                    /** @description Of them, messages whose charge was given back */
                                    refunded: number;
                                    /** @description The outcome in plain words */
                                    words: string;
                                }[];
                                /** @description Why messages failed, most frequent first */
                                failureReasons: {
                                    count: number;
                                    reason: string;
                                }[];
                                /** @description The tracked links, with their clicks (listed once the first message went out) */
                                links: {
                                    /** @description Messages whose recipient followed it at least once */
                                    clicked: number;
                                    /** @description Every follow by a person (previews and prefetches not counted) */
                                    clicks: number;
                                    /** @description 0 is the button when there is one, then the body in order */
                                    position: number;
                                    url: string;
                                }[];
                                money: {
                                    /** @description Credits (or plan units) charged: the publish and any retries */
                                    charged: number;
                                    /** @description charged - refunded */
                                    net: number;
                                    /** @description Given back for messages that failed for good */
                                    refunded: number;
                                };
                                name: string;
                                /** @description Recipients who opted out within 7 days of receiving it */
                                optOuts: number;
                                paymentMethod: ("credit" | "plan") | null;
                                /** @description Not sent yet: held + queued + sending */
                                pending: number;
                                /** @description What WhatsApp said the messages cost (Cloud API statuses; 0 and 0 through the gateway) */
                                pricing: {
                                    /** @description Messages whose Cloud status said `pricing.billable: true` */
                                    billed: number;
                                    /** @description Messages whose Cloud status said `pricing.billable: false` */
                                    free: number;
                                };
                                rate: number | null;
                                /** @description The funnel: messages that got at least that far (a read one was delivered and sent); `clicked`: messages whose recipient followed one of their tracked links at least once; `replied`: messages their recipient answered at least once (counted once however many replies) */
                                reached: {
                                    clicked: number;
                                    delivered: number;
                                    read: number;
                                    replied: number;
                                    sent: number;
                                };
                                /** @description reached.read / reached.delivered, 0..1 */
                                readRate: number;
                                /** @description Messages the campaign has, one per recipient */
                                recipients: number;
                                sentOutAt: string | null;
                                /** @description Messages now in each state; they add up to `recipients` */
                                states: {
                                    delivered: number;
                                    failed: number;
                                    held: number;
                                    queued: number;
                                    read: number;
                                    sending: number;
                                    sent: number;
                                };
                                timeline: {
                                    /** @description From send-out to now, oldest first */
                                    buckets: {
                                        clicked: number;
                                        delivered: number;
                                        failed: number;
                                        read: number;
                                        replied: number;
                                        sent: number;
                                        start: string;
                                    }[];
                                    /** @description Bucket size, fitted to the age; null before send-out */
                                    bucketSeconds: number | null;
                                };
                                /** @description Whether the campaign's links go out as tracked links */
                                trackClicks: boolean;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused campaign (paused by the business or by a quality drop; 400 when not paused; 409 for a marketing campaign while the number's quality is RED or FLAGGED)
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: campaigns:publish.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                actionButtonTitle: string | null;
                                actionButtonUrl: string | null;
                                /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                audience: ({
                                    fromCampaign: string;
                                    /** @enum {string} */
                                    outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                } | {
                                    segmentId: string;
                                }) | null;
                                completedAt: string | null;
                                cost: number | null;
                                createdAt: string;
                                description: string | null;
                                failedCount: number;
                                header: string | null;
                                id: string;
                                isPublished: boolean;
                                isScheduled: boolean;
                                isSentOut: boolean;
                                message: string;
                                /** @enum {string} */
                                messageType: "marketing" | "utility" | "authentication";
                                name: string;
                                /** @description Set while paused (by the business, or by a quality drop) */
                                pausedAt: string | null;
                                pauseReason: string | null;
                                paymentMethod: ("credit" | "plan") | null;
                                publishedAt: string | null;
                                rate: number | null;
                                recipientCount: number;
                                scheduledAt: string | null;
                                selectedContactId: string[];
                                sendToAllContact: boolean;
                                sentCount: number;
                                sentOutAt: string | null;
                                /**
                                 * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                 * @enum {string}
                                 */
                                state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                /**
                                 * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                 * @enum {string}
                                 */
                                status: "draft" | "scheduled" | "pending" | "sent";
                                /** @description When a provider error stopped its remaining sends */
                                stoppedAt: string | null;
                                /** @description Why its remaining sends were stopped */
                                stopReason: string | null;
                                /** @enum {string} */
                                tagMatch: "any" | "all";
                                tags: string[];
                                /** @description The template the campaign is sent as */
                                templateId: string | null;
                                /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                templateParameters: {
                                    /** @default [] */
                                    body: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    buttons?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[];
                                    /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                    code?: {
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    };
                                    header?: ({
                                        /** @description Sent when the contact has no value */
                                        fallback?: string;
                                        field: string;
                                    } | {
                                        text: string;
                                    })[] | {
                                        [key: string]: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                    };
                                    /** Format: uri */
                                    headerMediaUrl?: string;
                                } | null;
                                timeZone: string | null;
                                /** @description Links go out as tracked short links */
                                trackClicks: boolean;
                                updatedAt: string;
                                uploadFileUrl: string | null;
                                /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                variants: {
                                    message?: string | null;
                                    name: string;
                                    templateId?: string | null;
                                    templateParameters?: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                }[] | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a retry would send again and charge now
         * @description Access: authenticated.
         *
         *     Permission: campaigns:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description What the retry would charge: messages x rate */
                                credits: number;
                                /** @description Messages given up after a temporary or deferred failure */
                                messages: number;
                                /**
                                 * @description What a retry is priced as: the category of the campaign's templates now
                                 * @enum {string}
                                 */
                                messageType: "marketing" | "utility" | "authentication";
                                paymentMethod: ("credit" | "plan") | null;
                                rate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Send again the messages whose failure was temporary or deferred and which were given up (refunded), charging them anew; idempotent (a second call finds nothing to retry and charges nothing)
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: campaigns:publish.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                campaign: {
                                    abTest: {
                                        decideAfterMinutes: number;
                                        /** @enum {string} */
                                        metric: "readRate" | "clickRate";
                                        testShare: number;
                                    } | null;
                                    actionButtonTitle: string | null;
                                    actionButtonUrl: string | null;
                                    /** @description A retarget audience (the other campaign's recipients with that outcome, narrowed by `tags`), or a segment */
                                    audience: ({
                                        fromCampaign: string;
                                        /** @enum {string} */
                                        outcome: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                                    } | {
                                        segmentId: string;
                                    }) | null;
                                    completedAt: string | null;
                                    cost: number | null;
                                    createdAt: string;
                                    description: string | null;
                                    failedCount: number;
                                    header: string | null;
                                    id: string;
                                    isPublished: boolean;
                                    isScheduled: boolean;
                                    isSentOut: boolean;
                                    message: string;
                                    /** @enum {string} */
                                    messageType: "marketing" | "utility" | "authentication";
                                    name: string;
                                    /** @description Set while paused (by the business, or by a quality drop) */
                                    pausedAt: string | null;
                                    pauseReason: string | null;
                                    paymentMethod: ("credit" | "plan") | null;
                                    publishedAt: string | null;
                                    rate: number | null;
                                    recipientCount: number;
                                    scheduledAt: string | null;
                                    selectedContactId: string[];
                                    sendToAllContact: boolean;
                                    sentCount: number;
                                    sentOutAt: string | null;
                                    /**
                                     * @description Where the campaign is: `draft`, `scheduled` (published, waiting for its time), `sending`, `paused`, `stopped` (the provider refused its sender: the rest failed), `completed` (every message final)
                                     * @enum {string}
                                     */
                                    state: "draft" | "scheduled" | "sending" | "paused" | "stopped" | "completed";
                                    /**
                                     * @description The specification's status: paused and stopped campaigns are `pending`, completed ones `sent`
                                     * @enum {string}
                                     */
                                    status: "draft" | "scheduled" | "pending" | "sent";
                                    /** @description When a provider error stopped its remaining sends */
                                    stoppedAt: string | null;
                                    /** @description Why its remaining sends were stopped */
                                    stopReason: string | null;
                                    /** @enum {string} */
                                    tagMatch: "any" | "all";
                                    tags: string[];
                                    /** @description The template the campaign is sent as */
                                    templateId: string | null;
                                    /** @description How each of the template's variables is filled: a contact's field or fixed text */
                                    templateParameters: {
                                        /** @default [] */
                                        body: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        buttons?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[];
                                        /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                        code?: {
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        };
                                        header?: ({
                                            /** @description Sent when the contact has no value */
                                            fallback?: string;
                                            field: string;
                                        } | {
                                            text: string;
                                        })[] | {
                                            [key: string]: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                        };
                                        /** Format: uri */
                                        headerMediaUrl?: string;
                                    } | null;
                                    timeZone: string | null;
                                    /** @description Links go out as tracked short links */
                                    trackClicks: boolean;
                                    updatedAt: string;
                                    uploadFileUrl: string | null;
                                    /** @description An A/B test: the variants, tested side by side on `abTest.testShare` of the audience */
                                    variants: {
                                        message?: string | null;
                                        name: string;
                                        templateId?: string | null;
                                        templateParameters?: {
                                            /** @default [] */
                                            body: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[] | {
                                                [key: string]: {
                                                    /** @description Sent when the contact has no value */
                                                    fallback?: string;
                                                    field: string;
                                                } | {
                                                    text: string;
                                                };
                                            };
                                            buttons?: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[];
                                            /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                                            code?: {
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            };
                                            header?: ({
                                                /** @description Sent when the contact has no value */
                                                fallback?: string;
                                                field: string;
                                            } | {
                                                text: string;
                                            })[] | {
                                                [key: string]: {
                                                    /** @description Sent when the contact has no value */
                                                    fallback?: string;
                                                    field: string;
                                                } | {
                                                    text: string;
                                                };
                                            };
                                            /** Format: uri */
                                            headerMediaUrl?: string;
                                        } | null;
                                    }[] | null;
                                };
                                /** @description What this retry charged */
                                credits: number;
                                /** @description Messages queued again (0 when nothing was left to retry) */
                                messages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An A/B campaign's variants side by side: each one's funnel, rates and cost, and the winner
         * @description Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                /** @description When the rule chooses (send-out + decideAfterMinutes) */
                                decideAt: string | null;
                                /** @description When the winner was chosen and the rest went out */
                                decidedAt: string | null;
                                decidedBy: ("auto" | "manual") | null;
                                variants: {
                                    clicked: number;
                                    clickRate: number;
                                    /** @description Its recipients x the rate billed */
                                    cost: number;
                                    delivered: number;
                                    failed: number;
                                    message: string | null;
                                    name: string;
                                    read: number;
                                    readRate: number;
                                    /** @description Its test share, plus the rest once it won */
                                    recipients: number;
                                    /** @description Messages its recipient answered at least once */
                                    replied: number;
                                    sent: number;
                                    templateId: string | null;
                                    variant: number;
                                }[];
                                /** @description The winning variant's name; null until chosen */
                                winner: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{id}/winner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose an A/B test's winner by hand: the rest of the audience gets it now
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: campaigns:publish.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        variant: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                abTest: {
                                    decideAfterMinutes: number;
                                    /** @enum {string} */
                                    metric: "readRate" | "clickRate";
                                    testShare: number;
                                } | null;
                                /** @description When the rule chooses (send-out + decideAfterMinutes) */
                                decideAt: string | null;
                                /** @description When the winner was chosen and the rest went out */
                                decidedAt: string | null;
                                decidedBy: ("auto" | "manual") | null;
                                variants: {
                                    clicked: number;
                                    clickRate: number;
                                    /** @description Its recipients x the rate billed */
                                    cost: number;
                                    delivered: number;
                                    failed: number;
                                    message: string | null;
                                    name: string;
                                    read: number;
                                    readRate: number;
                                    /** @description Its test share, plus the rest once it won */
                                    recipients: number;
                                    /** @description Messages its recipient answered at least once */
                                    replied: number;
                                    sent: number;
                                    templateId: string | null;
                                    variant: number;
                                }[];
                                /** @description The winning variant's name; null until chosen */
                                winner: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recipients and price of an audience before publishing, and whether the balance covers it
         * @description Recipients are opted-in contacts: all of them with `sendToAllContact`, else those among `selectedContactId` together with those carrying `tags` (any of them, or all with `tagMatch: all`). Nothing is reserved: the publish recounts and bills.
         *
         *     Access: authenticated.
         *
         *     Permission: campaigns:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        audience?: {
                            /** Format: uuid */
                            fromCampaign?: string;
                            /** @enum {string} */
                            outcome?: "failed" | "not-delivered" | "delivered-not-read" | "read" | "clicked" | "read-not-clicked";
                            /** Format: uuid */
                            segmentId?: string;
                        } | null;
                        /**
                         * @description The declared type: what text (no template) is priced as
                         * @default marketing
                         * @enum {string}
                         */
                        messageType?: "marketing" | "utility" | "authentication";
                        /**
                         * @default credit
                         * @enum {string}
                         */
                        paymentMethod?: "credit" | "plan";
                        /** @default [] */
                        selectedContactId?: string[];
                        /** @default false */
                        sendToAllContact?: boolean;
                        /**
                         * @default any
                         * @enum {string}
                         */
                        tagMatch?: "any" | "all";
                        tags?: string[];
                        /** @description The template to send: its category prices it, whatever `messageType` says */
                        templateId?: string | null;
                        /** @description An A/B test's variants: each variant's template is priced by its category too */
                        variants?: {
                            name: string;
                            templateId?: string | null;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Wallet credits available */
                                balance: number;
                                /** @description By credits, the recipients by country as the rate card prices them; null for a plan */
                                breakdown: {
                                    /** @description ISO 3166 alpha-2; null: not known yet (priced at the default) */
                                    country: string | null;
                                    /** @description Credits per message: the card's price for the country, or its default */
                                    price: number;
                                    recipients: number;
                                    /** @description recipients x price */
                                    subtotal: number;
                                }[] | null;
                                /** @description credits x pricePerCredit, in `currency` */
                                cost: number;
                                /** @description What the publish would debit: the sum of the breakdown (credits), recipients x rate (plan) */
                                credits: number;
                                /** @description Currency of `cost` (USD) */
                                currency: string;
                                /** @description Whether the chosen payment method covers `credits` now */
                                enough: boolean;
                                /** @description True for a segment audience: counted now, while the campaign will reach whoever matches when it goes out */
                                evaluatedNow: boolean;
                                /**
                                 * @description What it is priced as: the templates' category, or the declared type without a template
                                 * @enum {string}
                                 */
                                messageType: "marketing" | "utility" | "authentication";
                                /** @description How the messaging limit splits the audience; null when the business has no limit */
                                messagingLimit: {
                                    dailyRecipients: number;
                                    /** @description Recipients that wait for the limit */
                                    later: number;
                                    /** @description New people the limit lets the business reach now */
                                    remaining: number;
                                    /** @description When the first of those waiting can go (ISO time) */
                                    resumesAt: string | null;
                                    /** @description Recipients that go out at once */
                                    sendsNow: number;
                                } | null;
                                /**
                                 * @description How the publish would pay: `credit` also when the active plan does not cover the category
                                 * @enum {string}
                                 */
                                paymentMethod: "credit" | "plan";
                                /** @description Active plan balance; null without an active plan */
                                planBalance: number | null;
                                /** @description The plan was chosen but does not cover this category: credits would pay (by the rate card) */
                                planDoesNotCover: boolean;
                                /** @description Credits (or plan units) per message; by credits, the rate card's default for the category; null: no active plan */
                                rate: number | null;
                                /** @description Opted-in contacts the audience reaches now */
                                recipients: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/qr-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deep link to chat with the business's messaging number, and its QR code (PNG data URL)
         * @description Access: verifiedBusiness.
         *
         *     Permission: campaigns:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                imageBase64: string;
                                link: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts: total, draft, scheduled, pending (being delivered), sent (delivery finished)
         * @description Access: authenticated.
         *
         *     Permission: reports:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                draft: number;
                                pending: number;
                                scheduled: number;
                                sent: number;
                                total: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's own contact fields, oldest first
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    choices: string[] | null;
                                    createdAt: string;
                                    id: string;
                                    key: string;
                                    label: string;
                                    /** @enum {string} */
                                    type: "text" | "number" | "date" | "boolean" | "choice";
                                    updatedAt: string;
                                }[];
                                /** @description How many fields a business may have (50) */
                                max: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Define a contact field (at most 50)
         * @description Access: authenticated.
         *
         *     Permission: contact-fields:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Required for `choice`, refused for the other types */
                        choices?: string[];
                        /** @description The name values are written under, in the API, files and template parameters */
                        key: string;
                        label: string;
                        /** @enum {string} */
                        type: "text" | "number" | "date" | "boolean" | "choice";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                choices: string[] | null;
                                createdAt: string;
                                id: string;
                                key: string;
                                label: string;
                                /** @enum {string} */
                                type: "text" | "number" | "date" | "boolean" | "choice";
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact-fields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a field and every contact's value of it
         * @description Access: authenticated.
         *
         *     Permission: contact-fields:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename a field or change a choice field's choices (key and type never change)
         * @description Access: authenticated.
         *
         *     Permission: contact-fields:manage.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        choices?: string[];
                        label?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                choices: string[] | null;
                                createdAt: string;
                                id: string;
                                key: string;
                                label: string;
                                /** @enum {string} */
                                type: "text" | "number" | "date" | "boolean" | "choice";
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contacts, newest first; search by name or phone, filter by opt-in or tag
         * @description Totals are exact up to 100,000 contacts (1,000 with search or tag); beyond, an estimate flagged by totalIsEstimate.
         *
         *     Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: {
                    country?: string;
                    /** @description Only the contacts of this filter (JSON text) */
                    filter?: string;
                    optIn?: "true" | "false";
                    page?: number;
                    pageSize?: number;
                    search?: string;
                    /** @description Only the contacts of this segment */
                    segmentId?: string;
                    tag?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @description ISO 3166 alpha-2 country of the phone (ZZ: none), which prices its messages */
                                    countryCode: string;
                                    createdAt: string;
                                    /** @description Values of the business's contact fields by key (a field without a value is left out) */
                                    fields: {
                                        [key: string]: string | number | boolean;
                                    };
                                    firstName: string;
                                    id: string;
                                    lastName: string;
                                    optIn: boolean;
                                    /** @description Why it stopped receiving marketing, when the provider said so (131050, a WhatsApp preference) */
                                    optOutReason: string | null;
                                    phoneNumber: string;
                                    tags: string[];
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalIsEstimate: boolean;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a contact
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Values of the business's contact fields by key; null (or blank) removes one */
                        fields?: {
                            [key: string]: string | number | boolean | null;
                        };
                        firstName: string;
                        lastName: string;
                        optIn?: boolean;
                        phoneNumber: string;
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description ISO 3166 alpha-2 country of the phone (ZZ: none), which prices its messages */
                                countryCode: string;
                                createdAt: string;
                                /** @description Values of the business's contact fields by key (a field without a value is left out) */
                                fields: {
                                    [key: string]: string | number | boolean;
                                };
                                firstName: string;
                                id: string;
                                lastName: string;
                                optIn: boolean;
                                /** @description Why it stopped receiving marketing, when the provider said so (131050, a WhatsApp preference) */
                                optOutReason: string | null;
                                phoneNumber: string;
                                tags: string[];
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One contact
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description ISO 3166 alpha-2 country of the phone (ZZ: none), which prices its messages */
                                countryCode: string;
                                createdAt: string;
                                /** @description Values of the business's contact fields by key (a field without a value is left out) */
                                fields: {
                                    [key: string]: string | number | boolean;
                                };
                                firstName: string;
                                id: string;
                                lastName: string;
                                optIn: boolean;
                                /** @description Why it stopped receiving marketing, when the provider said so (131050, a WhatsApp preference) */
                                optOutReason: string | null;
                                phoneNumber: string;
                                tags: string[];
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a contact
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a contact
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Values of the business's contact fields by key; null (or blank) removes one */
                        fields?: {
                            [key: string]: string | number | boolean | null;
                        };
                        firstName?: string;
                        lastName?: string;
                        optIn?: boolean;
                        phoneNumber?: string;
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description ISO 3166 alpha-2 country of the phone (ZZ: none), which prices its messages */
                                countryCode: string;
                                createdAt: string;
                                /** @description Values of the business's contact fields by key (a field without a value is left out) */
                                fields: {
                                    [key: string]: string | number | boolean;
                                };
                                firstName: string;
                                id: string;
                                lastName: string;
                                optIn: boolean;
                                /** @description Why it stopped receiving marketing, when the provider said so (131050, a WhatsApp preference) */
                                optOutReason: string | null;
                                phoneNumber: string;
                                tags: string[];
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/contacts/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete several of the business's contacts
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ids: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                deleted: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/bulk-tag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add tags to the contacts of a segment or of an unsaved filter
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description An unsaved filter, as `POST /segments` takes it */
                        filter?: unknown;
                        segmentId?: string;
                        tags: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Contacts that gained a tag */
                                tagged: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download contacts as CSV or XLSX (columns firstName, lastName, phoneNumber, tags, optIn, then one per contact field)
         * @description Access: authenticated.
         *
         *     Permission: contacts:export.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only the contacts of this filter (JSON text) */
                    filter?: string;
                    format?: "csv" | "xlsx";
                    optIn?: "true" | "false";
                    /** @description Only the contacts of this segment */
                    segmentId?: string;
                    tag?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts from a JSON array
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contacts: unknown[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                duplicatesSkipped: number;
                                failed: {
                                    reason: string;
                                    row: number;
                                }[];
                                imported: number;
                                /** @description Contact field values that were not stored (the rest of their row was imported) */
                                rejectedValues: {
                                    column: string;
                                    reason: string;
                                    row: number;
                                }[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/import-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts from a CSV or XLSX file at a URL
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        fileUrl: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                duplicatesSkipped: number;
                                failed: {
                                    reason: string;
                                    row: number;
                                }[];
                                imported: number;
                                /** @description Contact field values that were not stored (the rest of their row was imported) */
                                rejectedValues: {
                                    column: string;
                                    reason: string;
                                    row: number;
                                }[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's tags with how many contacts (and opted-in contacts) carry each, most used first
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Contacts carrying the tag */
                                contacts: number;
                                /** @description Of those, the opted-in ones (who a campaign by this tag reaches) */
                                optedIn: number;
                                tag: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Conversations, latest activity first; filters: unread, status, tag, search, assignee
         * @description Access: authenticated.
         *
         *     Permission: inbox:read.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `me`: assigned to the caller; `unassigned`; or a member's account id (an agent sees only its own and unassigned ones, so another member's is an empty page) */
                    assignee?: ("me" | "unassigned") | string;
                    page?: number;
                    pageSize?: number;
                    /** @description the contact's name or number, or the text of a message */
                    search?: string;
                    status?: "open" | "closed";
                    /** @description only contacts carrying this tag */
                    tag?: string;
                    /** @description true: only conversations with unread messages; false: only read ones */
                    unread?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                    assigneeId: string | null;
                                    contactId: string | null;
                                    id: string;
                                    lastMessageAt: string;
                                    lastMessageText: string | null;
                                    /** @description the contact's name; null when it has none */
                                    name: string | null;
                                    phoneNumber: string;
                                    /** @enum {string} */
                                    status: "open" | "closed";
                                    tags: string[];
                                    unreadCount: number;
                                    /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                    windowEndsAt: string | null;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversation
         * @description Access: authenticated.
         *
         *     Permission: inbox:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Opens or closes a conversation (a closed one opens again when the contact writes)
         * @description Access: authenticated.
         *
         *     Permission: inbox:update.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "open" | "closed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/conversations/{id}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assigns the conversation to a member who may reply, moves it, or unassigns it (`null`)
         * @description A member of another business, or one whose role lacks `inbox:reply`, is a 422 naming `assigneeId`.
         *
         *     Access: authenticated.
         *
         *     Permission: inbox:assign.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the member's account id (its role must allow `inbox:reply`); null: unassigned */
                        assigneeId: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A conversation's messages, newest first (the contact's, the replies, campaign messages)
         * @description Access: authenticated.
         *
         *     Permission: inbox:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @description an automated reply: the rule that sent it and its name then; null for a member's */
                                    automation?: {
                                        ruleId: string;
                                        ruleName: string;
                                    } | null;
                                    /** @description set for the messages of a campaign */
                                    campaignId: string | null;
                                    createdAt: string;
                                    /** @description what a reaction, location (`url` too), shared contact, button or list reply (`payload`, `description`), voice note (`voice`) or unsupported message (`unsupportedType`, `errorCode`, `reason`) carries; a reply's `context` ({ from, id }: the message it answers) */
                                    details: {
                                        [key: string]: unknown;
                                    } | null;
                                    /** @enum {string} */
                                    direction: "in" | "out";
                                    error: string | null;
                                    id: string;
                                    /** @description our reply buttons or list, as the Cloud API sends them (`interactive`) */
                                    interactive?: {
                                        [key: string]: unknown;
                                    } | null;
                                    /** @description a medium the contact sent: `pending` while it is fetched into our storage, `fetched` once `mediaUrl` has it, `failed` when it could not be kept (`error` says why); null for messages without one */
                                    mediaStatus: ("pending" | "fetched" | "failed") | null;
                                    mediaType: string | null;
                                    /** @description our stored copy of its media */
                                    mediaUrl: string | null;
                                    /** @description a reply's or campaign message's Cloud status `pricing` (the first status that gave one); `billable: false`: WhatsApp did not bill it */
                                    pricing: {
                                        billable: boolean | null;
                                        category: string | null;
                                        pricing_model: string | null;
                                        type: string | null;
                                    } | null;
                                    /** @description an inbound reply: what it answers (its `details.context` names the provider id); null when it answers nothing we sent */
                                    replyTo: {
                                        /** @description the campaign of the campaign message it answers */
                                        campaignId: string | null;
                                        campaignName: string | null;
                                        /** @description the message it answers: a campaign message of the thread, or one of our replies */
                                        messageId: string;
                                        /** @description the text of our reply it answers */
                                        text: string | null;
                                    } | null;
                                    /** @enum {string} */
                                    status: "received" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed";
                                    text: string | null;
                                    /** @enum {string} */
                                    type: "text" | "image" | "video" | "audio" | "document" | "sticker" | "button" | "reaction" | "location" | "contacts" | "template" | "interactive" | "campaign" | "unsupported";
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Reply: `{ text }`, `{ mediaKey, caption }` or `{ templateId, templateParameters }`
         * @description Queued and billed at once (one ledger entry: the service rate inside the customer-service window, the template's category rate outside it), then sent by the dispatcher like a campaign message. Free text and media only within 24 hours of the contact's last message (else 400 naming the field); outside it an APPROVED template, and only to an opted-in contact.
         *
         *     Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: inbox:reply.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        caption?: string;
                        /** @description reply buttons (1 to 3) or a list (1 to 10 rows), inside the window only */
                        interactive?: {
                            body: string;
                            buttons: {
                                id: string;
                                title: string;
                            }[];
                            footer?: string;
                            header?: string;
                            /** @enum {string} */
                            type: "buttons";
                        } | {
                            body: string;
                            /** @description the label of the button that opens the list */
                            button: string;
                            footer?: string;
                            header?: string;
                            sections: {
                                rows: {
                                    description?: string;
                                    id: string;
                                    title: string;
                                }[];
                                title?: string;
                            }[];
                            /** @enum {string} */
                            type: "list";
                        };
                        /** @description the `key` of an upload of the business */
                        mediaKey?: string;
                        /** Format: uuid */
                        templateId?: string;
                        templateParameters?: {
                            /** @default [] */
                            body?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            buttons?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[];
                            /** @description The code a COPY_CODE button copies, or an authentication template's one-time password */
                            code?: {
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            };
                            header?: ({
                                /** @description Sent when the contact has no value */
                                fallback?: string;
                                field: string;
                            } | {
                                text: string;
                            })[] | {
                                [key: string]: {
                                    /** @description Sent when the contact has no value */
                                    fallback?: string;
                                    field: string;
                                } | {
                                    text: string;
                                };
                            };
                            /** Format: uri */
                            headerMediaUrl?: string;
                        };
                        text?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description an automated reply: the rule that sent it and its name then; null for a member's */
                                automation?: {
                                    ruleId: string;
                                    ruleName: string;
                                } | null;
                                /** @description set for the messages of a campaign */
                                campaignId: string | null;
                                createdAt: string;
                                /** @description what a reaction, location (`url` too), shared contact, button or list reply (`payload`, `description`), voice note (`voice`) or unsupported message (`unsupportedType`, `errorCode`, `reason`) carries; a reply's `context` ({ from, id }: the message it answers) */
                                details: {
                                    [key: string]: unknown;
                                } | null;
                                /** @enum {string} */
                                direction: "in" | "out";
                                error: string | null;
                                id: string;
                                /** @description our reply buttons or list, as the Cloud API sends them (`interactive`) */
                                interactive?: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description a medium the contact sent: `pending` while it is fetched into our storage, `fetched` once `mediaUrl` has it, `failed` when it could not be kept (`error` says why); null for messages without one */
                                mediaStatus: ("pending" | "fetched" | "failed") | null;
                                mediaType: string | null;
                                /** @description our stored copy of its media */
                                mediaUrl: string | null;
                                /** @description a reply's or campaign message's Cloud status `pricing` (the first status that gave one); `billable: false`: WhatsApp did not bill it */
                                pricing: {
                                    billable: boolean | null;
                                    category: string | null;
                                    pricing_model: string | null;
                                    type: string | null;
                                } | null;
                                /** @description an inbound reply: what it answers (its `details.context` names the provider id); null when it answers nothing we sent */
                                replyTo: {
                                    /** @description the campaign of the campaign message it answers */
                                    campaignId: string | null;
                                    campaignName: string | null;
                                    /** @description the message it answers: a campaign message of the thread, or one of our replies */
                                    messageId: string;
                                    /** @description the text of our reply it answers */
                                    text: string | null;
                                } | null;
                                /** @enum {string} */
                                status: "received" | "queued" | "sending" | "sent" | "delivered" | "read" | "failed";
                                text: string | null;
                                /** @enum {string} */
                                type: "text" | "image" | "video" | "audio" | "document" | "sticker" | "button" | "reaction" | "location" | "contacts" | "template" | "interactive" | "campaign" | "unsupported";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Marks the conversation read (its unread count back to 0)
         * @description Access: authenticated.
         *
         *     Permission: inbox:update.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leaves the conversation unassigned: its assignee, or a member holding `inbox:assign`
         * @description Another member, not holding it: 409.
         *
         *     Access: authenticated.
         *
         *     Permission: inbox:reply.
         *
         *     Acts as the calling member: API keys are refused.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{id}/take": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Takes an unassigned conversation (the caller becomes its assignee; already its own: no change)
         * @description Assigned to another member: 409.
         *
         *     Access: authenticated.
         *
         *     Permission: inbox:reply.
         *
         *     Acts as the calling member: API keys are refused.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the member (account id) the conversation is assigned to; null while unassigned */
                                assigneeId: string | null;
                                contactId: string | null;
                                id: string;
                                lastMessageAt: string;
                                lastMessageText: string | null;
                                /** @description the contact's name; null when it has none */
                                name: string | null;
                                phoneNumber: string;
                                /** @enum {string} */
                                status: "open" | "closed";
                                tags: string[];
                                unreadCount: number;
                                /** @description end of the customer-service window (24 hours after the contact's last message); null when it is closed */
                                windowEndsAt: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many conversations have unread messages (the menu badge)
         * @description Access: authenticated.
         *
         *     Permission: inbox:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description conversations with at least one unread message */
                                conversations: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exchange-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All exchange rates */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                countryCode: string;
                                createdAt: string;
                                currency: string;
                                rate: number;
                                updatedAt: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create or update the rate of a country
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        countryCode: string;
                        currency: string;
                        rate: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                countryCode: string;
                                createdAt: string;
                                currency: string;
                                rate: number;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exchange-rates/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rate of one country */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                countryCode: string;
                                createdAt: string;
                                currency: string;
                                rate: number;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Remove the rate of a country
         * @description Access: admin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exchange-rates/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Countries (name and ISO code) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                code: string;
                                name: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                db: "ok";
                                /** @enum {string} */
                                status: "ok";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's automatic assignment of conversations (default `off`)
         * @description Access: authenticated.
         *
         *     Permission: inbox:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the open conversations automatic assignment gives one member at most; null: no cap */
                                capacity: number | null;
                                /**
                                 * @description `off`; `round_robin`: the available member assigned least recently; `least_open`: the one holding the fewest open conversations
                                 * @enum {string}
                                 */
                                mode: "off" | "round_robin" | "least_open";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        /**
         * Sets automatic assignment: `{ mode, capacity }`
         * @description Access: authenticated.
         *
         *     Permission: settings:manage.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the open conversations automatic assignment gives one member at most; null: no cap */
                        capacity: number | null;
                        /**
                         * @description `off`; `round_robin`: the available member assigned least recently; `least_open`: the one holding the fewest open conversations
                         * @enum {string}
                         */
                        mode: "off" | "round_robin" | "least_open";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description the open conversations automatic assignment gives one member at most; null: no cap */
                                capacity: number | null;
                                /**
                                 * @description `off`; `round_robin`: the available member assigned least recently; `least_open`: the one holding the fewest open conversations
                                 * @enum {string}
                                 */
                                mode: "off" | "round_robin" | "least_open";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: a new person with a name and password, an existing account with its password, or either with the identity provider
         * @description Answers like sign-in (and sets the cookie): a session acting for the business joined. The link works once. Exactly one of `password` and `identityCode` (an identity-provider authorisation code whose verified e-mail is the invited address: 400 naming `identityCode` otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        identityCode?: string;
                        name?: string;
                        password?: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                                user: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    hasPassword: boolean;
                                    /** Format: uuid */
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an invitation's link offers: the business, the role, and whether the address has an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accountExists: boolean;
                                companyName: string | null;
                                email: string;
                                expiresAt: string;
                                /** @enum {string} */
                                role: "admin" | "marketer" | "agent" | "viewer";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's members, the owner first
         * @description Access: authenticated.
         *
         *     Permission: members:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** Format: uuid */
                                accountId: string;
                                /**
                                 * @description `away`: automatic assignment gives it no conversation (those it holds stay)
                                 * @enum {string}
                                 */
                                availability: "available" | "away";
                                email: string;
                                joinedAt: string;
                                name: string;
                                /** @description the open conversations assigned to it */
                                openConversations: number;
                                /** @enum {string} */
                                role: "owner" | "admin" | "marketer" | "agent" | "viewer";
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member: its sessions acting for the business end at once (not the owner)
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a member's role (not the owner's: hand over ownership instead)
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "admin" | "marketer" | "agent" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** Format: uuid */
                                accountId: string;
                                /**
                                 * @description `away`: automatic assignment gives it no conversation (those it holds stay)
                                 * @enum {string}
                                 */
                                availability: "available" | "away";
                                email: string;
                                joinedAt: string;
                                name: string;
                                /** @description the open conversations assigned to it */
                                openConversations: number;
                                /** @enum {string} */
                                role: "owner" | "admin" | "marketer" | "agent" | "viewer";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's invitations, newest first, with their status
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                acceptedAt: string | null;
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                revokedAt: string | null;
                                /** @enum {string} */
                                role: "admin" | "marketer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "pending" | "accepted" | "revoked" | "expired";
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite a person by e-mail with a role: a single-use link valid 7 days (a seat is held meanwhile)
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @enum {string} */
                        role: "admin" | "marketer" | "agent" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                acceptedAt: string | null;
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                revokedAt: string | null;
                                /** @enum {string} */
                                role: "admin" | "marketer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "pending" | "accepted" | "revoked" | "expired";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation: its link stops working and its seat is free
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                acceptedAt: string | null;
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                revokedAt: string | null;
                                /** @enum {string} */
                                role: "admin" | "marketer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "pending" | "accepted" | "revoked" | "expired";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a pending invitation again: a new link, valid 7 days; the old link stops working
         * @description Access: authenticated.
         *
         *     Permission: members:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                acceptedAt: string | null;
                                createdAt: string;
                                email: string;
                                expiresAt: string;
                                /** Format: uuid */
                                id: string;
                                revokedAt: string | null;
                                /** @enum {string} */
                                role: "admin" | "marketer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "pending" | "accepted" | "revoked" | "expired";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/me/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Marks the caller available for automatic assignment of conversations, or away
         * @description Access: authenticated.
         *
         *     Permission: inbox:reply.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        availability: "available" | "away";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** Format: uuid */
                                accountId: string;
                                /**
                                 * @description `away`: automatic assignment gives it no conversation (those it holds stay)
                                 * @enum {string}
                                 */
                                availability: "available" | "away";
                                email: string;
                                joinedAt: string;
                                name: string;
                                /** @description the open conversations assigned to it */
                                openConversations: number;
                                /** @enum {string} */
                                role: "owner" | "admin" | "marketer" | "agent" | "viewer";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many members the business may have, how many it has and pending invitations hold
         * @description Access: authenticated.
         *
         *     Permission: members:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                left: number;
                                limit: number;
                                members: number;
                                pendingInvitations: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand the business over to another member, with the owner's password; the owner becomes admin
         * @description The new owner also becomes the business's registering account (`businesses.account_id`). A member who owns another business cannot take it over: 409 (`reason: "owns-another-business"`).
         *
         *     Access: authenticated.
         *
         *     Permission: business:transfer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        accountId: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** Format: uuid */
                                accountId: string;
                                /**
                                 * @description `away`: automatic assignment gives it no conversation (those it holds stay)
                                 * @enum {string}
                                 */
                                availability: "available" | "away";
                                email: string;
                                joinedAt: string;
                                name: string;
                                /** @description the open conversations assigned to it */
                                openConversations: number;
                                /** @enum {string} */
                                role: "owner" | "admin" | "marketer" | "agent" | "viewer";
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s notifications, newest first, with the unread count
         * @description Access: authenticated.
         *
         *     Permission: notifications:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    createdAt: string;
                                    id: string;
                                    isRead: boolean;
                                    message: string;
                                    receiverId: string;
                                    /** @enum {string} */
                                    receiverType: "business" | "admin";
                                    title: string;
                                    type: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                                unreadCount: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one notification read
         * @description Access: authenticated.
         *
         *     Permission: notifications:read.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                id: string;
                                isRead: boolean;
                                message: string;
                                receiverId: string;
                                /** @enum {string} */
                                receiverType: "business" | "admin";
                                title: string;
                                type: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark every notification of the caller read
         * @description Access: authenticated.
         *
         *     Permission: notifications:read.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                updated: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notification preferences (flat map of strings, defaults included)
         * @description Access: authenticated.
         *
         *     Permission: notifications:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                [key: string]: "true" | "false";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change notification preferences: known keys only, values "true" or "false"
         * @description Access: authenticated.
         *
         *     Permission: settings:manage.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        campaignCompletionPush?: "true" | "false";
                        /** @enum {string} */
                        lowCreditsEmail?: "true" | "false";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                [key: string]: "true" | "false";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/oauth/identity-provider-sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an identity-provider authorisation code
         * @description Creates the account on first sign-in; sets the httpOnly `token` cookie.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                accessToken: string;
                                refreshToken: string;
                                user: {
                                    avatarUrl: string | null;
                                    businessId: string | null;
                                    createdAt: string;
                                    deleted: boolean;
                                    deletedAt: string | null;
                                    email: string;
                                    hasPassword: boolean;
                                    /** Format: uuid */
                                    id: string;
                                    isAdmin: boolean;
                                    name: string;
                                    updatedAt: string;
                                    verified: boolean;
                                    whatsappNumber: string | null;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/credit-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a checkout to buy credits (pending transaction)
         * @description Access: verifiedEmail.
         *
         *     Permission: wallet:purchase.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        totalCredit: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                access_code: string;
                                amount: number;
                                authorization_url: string;
                                /** @enum {string} */
                                currency: "NGN";
                                priceUSD: number;
                                rates: {
                                    usdToNgn: number;
                                };
                                reference: string;
                                totalCredit: number;
                                transactionId: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/credit-pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Price of a number of credits, in USD and in NGN
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query: {
                    totalCredit: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                currency: "NGN";
                                priceNGN: number | null;
                                priceUSD: number;
                                rates: {
                                    pricePerCredit: number;
                                    usdToNgn: number | null;
                                };
                                totalCredit: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/plan-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a checkout to buy a plan (pending transaction)
         * @description Access: verifiedEmail.
         *
         *     Permission: wallet:purchase.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        planId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                access_code: string;
                                amount: number;
                                authorization_url: string;
                                /** @enum {string} */
                                currency: "NGN";
                                plan: {
                                    [key: string]: unknown;
                                };
                                priceUSD: number;
                                rates: {
                                    usdToNgn: number;
                                };
                                reference: string;
                                transactionId: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's transactions, newest first
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    amount: number;
                                    balanceDelta: number;
                                    bankAccountId: string | null;
                                    campaignId: string | null;
                                    createdAt: string;
                                    credits: number | null;
                                    currency: string;
                                    description: string | null;
                                    earningsDelta: number;
                                    flagged: boolean;
                                    flagReason: string | null;
                                    id: string;
                                    kind: string;
                                    planId: string | null;
                                    reference: string;
                                    relatedTransactionId: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "successful" | "failed" | "reversed";
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a payment with the provider; credits the wallet or assigns the plan once
         * @description Access: authenticated.
         *
         *     Permission: wallet:purchase.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reference: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                transaction: {
                                    amount: number;
                                    balanceDelta: number;
                                    bankAccountId: string | null;
                                    campaignId: string | null;
                                    createdAt: string;
                                    credits: number | null;
                                    currency: string;
                                    description: string | null;
                                    earningsDelta: number;
                                    flagged: boolean;
                                    flagReason: string | null;
                                    id: string;
                                    kind: string;
                                    planId: string | null;
                                    reference: string;
                                    relatedTransactionId: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "successful" | "failed" | "reversed";
                                    updatedAt: string;
                                };
                                userPlan: unknown;
                                wallet: {
                                    available: number;
                                    balance: number;
                                    businessId: string;
                                    createdAt: string;
                                    earnings: number;
                                    held: number;
                                    id: string;
                                    updatedAt: string;
                                };
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's wallet
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                available: number;
                                balance: number;
                                businessId: string;
                                createdAt: string;
                                earnings: number;
                                held: number;
                                id: string;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active plans, with prices in the local currency of the business when its country has a rate
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    authenticationRate: number;
                                    categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                    createdAt: string;
                                    currency: string;
                                    description: string | null;
                                    duration: number;
                                    exchangeRate: number;
                                    freeCredit: number;
                                    id: string;
                                    isActive: boolean;
                                    localPrice: number;
                                    marketingRate: number;
                                    name: string;
                                    price: number;
                                    seats: number | null;
                                    serviceRate: number;
                                    updatedAt: string;
                                    utilityRate: number;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One plan
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                authenticationRate: number;
                                categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                createdAt: string;
                                currency: string;
                                description: string | null;
                                duration: number;
                                exchangeRate: number;
                                freeCredit: number;
                                id: string;
                                isActive: boolean;
                                localPrice: number;
                                marketingRate: number;
                                name: string;
                                price: number;
                                seats: number | null;
                                serviceRate: number;
                                updatedAt: string;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a plan
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        authenticationRate: number;
                        /** @description The message categories the plan pays for (null: every one); others are paid by credits */
                        categories?: ("marketing" | "utility" | "authentication" | "service")[] | null;
                        description?: string;
                        duration: number;
                        freeCredit: number;
                        marketingRate: number;
                        name: string;
                        price: number;
                        seats?: number | null;
                        serviceRate: number;
                        utilityRate: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                authenticationRate: number;
                                categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                createdAt: string;
                                description: string | null;
                                duration: number;
                                freeCredit: number;
                                id: string;
                                isActive: boolean;
                                marketingRate: number;
                                name: string;
                                price: number;
                                seats: number | null;
                                serviceRate: number;
                                updatedAt: string;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans/admin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a plan
         * @description Access: admin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        authenticationRate?: number;
                        /** @description The message categories the plan pays for (null: every one); others are paid by credits */
                        categories?: ("marketing" | "utility" | "authentication" | "service")[] | null;
                        description?: string | null;
                        duration?: number;
                        freeCredit?: number;
                        isActive?: boolean;
                        marketingRate?: number;
                        name?: string;
                        price?: number;
                        seats?: number | null;
                        serviceRate?: number;
                        utilityRate?: number;
                    } | null;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                authenticationRate: number;
                                categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                createdAt: string;
                                description: string | null;
                                duration: number;
                                freeCredit: number;
                                id: string;
                                isActive: boolean;
                                marketingRate: number;
                                name: string;
                                price: number;
                                seats: number | null;
                                serviceRate: number;
                                updatedAt: string;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/plans/admin/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide a plan from the public list
         * @description Access: admin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                authenticationRate: number;
                                categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                createdAt: string;
                                description: string | null;
                                duration: number;
                                freeCredit: number;
                                id: string;
                                isActive: boolean;
                                marketingRate: number;
                                name: string;
                                price: number;
                                seats: number | null;
                                serviceRate: number;
                                updatedAt: string;
                                utilityRate: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans/admin/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every plan, inactive ones included
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                authenticationRate: number;
                                categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                createdAt: string;
                                description: string | null;
                                duration: number;
                                freeCredit: number;
                                id: string;
                                isActive: boolean;
                                marketingRate: number;
                                name: string;
                                price: number;
                                seats: number | null;
                                serviceRate: number;
                                updatedAt: string;
                                utilityRate: number;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans/my-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active plan of the business, or null
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                balance: number;
                                createdAt: string;
                                expiredDate: string;
                                freeCredit: number;
                                id: string;
                                plan: {
                                    authenticationRate: number;
                                    categories: ("marketing" | "utility" | "authentication" | "service")[] | null;
                                    createdAt: string;
                                    description: string | null;
                                    duration: number;
                                    freeCredit: number;
                                    id: string;
                                    isActive: boolean;
                                    marketingRate: number;
                                    name: string;
                                    price: number;
                                    seats: number | null;
                                    serviceRate: number;
                                    updatedAt: string;
                                    utilityRate: number;
                                };
                                planId: string;
                                updatedAt: string;
                            } | null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pricing/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The price in credits of a message, by category and recipient country (`*`: every other)
         * @description Access: authenticated.
         *
         *     Permission: wallet:read.
         */
        get: {
            parameters: {
                query?: {
                    category?: "marketing" | "utility" | "authentication" | "service";
                    country?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @enum {string} */
                                    category: "marketing" | "utility" | "authentication" | "service";
                                    country: string;
                                    price: number;
                                }[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved segments, newest first
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    createdAt: string;
                                    filter: {
                                        conditions: ({
                                            conditions: ({
                                                /** @enum {string} */
                                                on: "name";
                                                /** @enum {string} */
                                                op: "equals" | "contains" | "startsWith";
                                                value: string;
                                            } | {
                                                /** @enum {string} */
                                                on: "phoneNumber";
                                                /** @enum {string} */
                                                op: "equals" | "contains" | "startsWith";
                                                value: string;
                                            } | {
                                                /** @enum {string} */
                                                on: "country";
                                                /** @enum {string} */
                                                op: "equals" | "notEquals";
                                                value: string;
                                            } | {
                                                /** @enum {string} */
                                                on: "tag";
                                                /** @enum {string} */
                                                op: "has" | "hasNot";
                                                value: string;
                                            } | {
                                                /** @enum {string} */
                                                on: "optIn";
                                                /** @enum {string} */
                                                op: "equals";
                                                value: boolean;
                                            } | {
                                                /** @enum {string} */
                                                on: "createdAt";
                                                /** @enum {string} */
                                                op: "before" | "after" | "withinLastDays";
                                                value: string | number;
                                            } | {
                                                key: string;
                                                /** @enum {string} */
                                                on: "field";
                                                /** @enum {string} */
                                                op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                                value?: string | number | boolean;
                                            } | {
                                                /**
                                                 * Format: uuid
                                                 * @description A given campaign; any campaign when left out
                                                 */
                                                campaignId?: string;
                                                /** @enum {string} */
                                                event: "received" | "delivered" | "read" | "clicked" | "replied";
                                                /** @enum {string} */
                                                on: "campaign";
                                                /** @description Within the last this many days */
                                                withinDays: number;
                                            } | {
                                                /** @enum {string} */
                                                on: "lastInbound";
                                                /** @description Within the last this many days */
                                                withinDays: number;
                                            })[];
                                            /** @enum {string} */
                                            match: "all" | "any";
                                            /** @enum {string} */
                                            on: "group";
                                        } | {
                                            /** @enum {string} */
                                            on: "name";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "phoneNumber";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "country";
                                            /** @enum {string} */
                                            op: "equals" | "notEquals";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "tag";
                                            /** @enum {string} */
                                            op: "has" | "hasNot";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "optIn";
                                            /** @enum {string} */
                                            op: "equals";
                                            value: boolean;
                                        } | {
                                            /** @enum {string} */
                                            on: "createdAt";
                                            /** @enum {string} */
                                            op: "before" | "after" | "withinLastDays";
                                            value: string | number;
                                        } | {
                                            key: string;
                                            /** @enum {string} */
                                            on: "field";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                            value?: string | number | boolean;
                                        } | {
                                            /**
                                             * Format: uuid
                                             * @description A given campaign; any campaign when left out
                                             */
                                            campaignId?: string;
                                            /** @enum {string} */
                                            event: "received" | "delivered" | "read" | "clicked" | "replied";
                                            /** @enum {string} */
                                            on: "campaign";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        } | {
                                            /** @enum {string} */
                                            on: "lastInbound";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        })[];
                                        /** @enum {string} */
                                        match: "all" | "any";
                                    };
                                    id: string;
                                    name: string;
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Save a filter of contacts as a segment
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter: {
                            conditions: ({
                                conditions: ({
                                    /** @enum {string} */
                                    on: "name";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "phoneNumber";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "country";
                                    /** @enum {string} */
                                    op: "equals" | "notEquals";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "tag";
                                    /** @enum {string} */
                                    op: "has" | "hasNot";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "optIn";
                                    /** @enum {string} */
                                    op: "equals";
                                    value: boolean;
                                } | {
                                    /** @enum {string} */
                                    on: "createdAt";
                                    /** @enum {string} */
                                    op: "before" | "after" | "withinLastDays";
                                    value: string | number;
                                } | {
                                    key: string;
                                    /** @enum {string} */
                                    on: "field";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                    value?: string | number | boolean;
                                } | {
                                    /**
                                     * Format: uuid
                                     * @description A given campaign; any campaign when left out
                                     */
                                    campaignId?: string;
                                    /** @enum {string} */
                                    event: "received" | "delivered" | "read" | "clicked" | "replied";
                                    /** @enum {string} */
                                    on: "campaign";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                } | {
                                    /** @enum {string} */
                                    on: "lastInbound";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                })[];
                                /** @enum {string} */
                                match: "all" | "any";
                                /** @enum {string} */
                                on: "group";
                            } | {
                                /** @enum {string} */
                                on: "name";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "phoneNumber";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "country";
                                /** @enum {string} */
                                op: "equals" | "notEquals";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "tag";
                                /** @enum {string} */
                                op: "has" | "hasNot";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "optIn";
                                /** @enum {string} */
                                op: "equals";
                                value: boolean;
                            } | {
                                /** @enum {string} */
                                on: "createdAt";
                                /** @enum {string} */
                                op: "before" | "after" | "withinLastDays";
                                value: string | number;
                            } | {
                                key: string;
                                /** @enum {string} */
                                on: "field";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                value?: string | number | boolean;
                            } | {
                                /**
                                 * Format: uuid
                                 * @description A given campaign; any campaign when left out
                                 */
                                campaignId?: string;
                                /** @enum {string} */
                                event: "received" | "delivered" | "read" | "clicked" | "replied";
                                /** @enum {string} */
                                on: "campaign";
                                /** @description Within the last this many days */
                                withinDays: number;
                            } | {
                                /** @enum {string} */
                                on: "lastInbound";
                                /** @description Within the last this many days */
                                withinDays: number;
                            })[];
                            /** @enum {string} */
                            match: "all" | "any";
                        };
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                filter: {
                                    conditions: ({
                                        conditions: ({
                                            /** @enum {string} */
                                            on: "name";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "phoneNumber";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "country";
                                            /** @enum {string} */
                                            op: "equals" | "notEquals";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "tag";
                                            /** @enum {string} */
                                            op: "has" | "hasNot";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "optIn";
                                            /** @enum {string} */
                                            op: "equals";
                                            value: boolean;
                                        } | {
                                            /** @enum {string} */
                                            on: "createdAt";
                                            /** @enum {string} */
                                            op: "before" | "after" | "withinLastDays";
                                            value: string | number;
                                        } | {
                                            key: string;
                                            /** @enum {string} */
                                            on: "field";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                            value?: string | number | boolean;
                                        } | {
                                            /**
                                             * Format: uuid
                                             * @description A given campaign; any campaign when left out
                                             */
                                            campaignId?: string;
                                            /** @enum {string} */
                                            event: "received" | "delivered" | "read" | "clicked" | "replied";
                                            /** @enum {string} */
                                            on: "campaign";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        } | {
                                            /** @enum {string} */
                                            on: "lastInbound";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        })[];
                                        /** @enum {string} */
                                        match: "all" | "any";
                                        /** @enum {string} */
                                        on: "group";
                                    } | {
                                        /** @enum {string} */
                                        on: "name";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "phoneNumber";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "country";
                                        /** @enum {string} */
                                        op: "equals" | "notEquals";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "tag";
                                        /** @enum {string} */
                                        op: "has" | "hasNot";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "optIn";
                                        /** @enum {string} */
                                        op: "equals";
                                        value: boolean;
                                    } | {
                                        /** @enum {string} */
                                        on: "createdAt";
                                        /** @enum {string} */
                                        op: "before" | "after" | "withinLastDays";
                                        value: string | number;
                                    } | {
                                        key: string;
                                        /** @enum {string} */
                                        on: "field";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                        value?: string | number | boolean;
                                    } | {
                                        /**
                                         * Format: uuid
                                         * @description A given campaign; any campaign when left out
                                         */
                                        campaignId?: string;
                                        /** @enum {string} */
                                        event: "received" | "delivered" | "read" | "clicked" | "replied";
                                        /** @enum {string} */
                                        on: "campaign";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    } | {
                                        /** @enum {string} */
                                        on: "lastInbound";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    })[];
                                    /** @enum {string} */
                                    match: "all" | "any";
                                };
                                id: string;
                                name: string;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One segment
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                filter: {
                                    conditions: ({
                                        conditions: ({
                                            /** @enum {string} */
                                            on: "name";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "phoneNumber";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "country";
                                            /** @enum {string} */
                                            op: "equals" | "notEquals";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "tag";
                                            /** @enum {string} */
                                            op: "has" | "hasNot";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "optIn";
                                            /** @enum {string} */
                                            op: "equals";
                                            value: boolean;
                                        } | {
                                            /** @enum {string} */
                                            on: "createdAt";
                                            /** @enum {string} */
                                            op: "before" | "after" | "withinLastDays";
                                            value: string | number;
                                        } | {
                                            key: string;
                                            /** @enum {string} */
                                            on: "field";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                            value?: string | number | boolean;
                                        } | {
                                            /**
                                             * Format: uuid
                                             * @description A given campaign; any campaign when left out
                                             */
                                            campaignId?: string;
                                            /** @enum {string} */
                                            event: "received" | "delivered" | "read" | "clicked" | "replied";
                                            /** @enum {string} */
                                            on: "campaign";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        } | {
                                            /** @enum {string} */
                                            on: "lastInbound";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        })[];
                                        /** @enum {string} */
                                        match: "all" | "any";
                                        /** @enum {string} */
                                        on: "group";
                                    } | {
                                        /** @enum {string} */
                                        on: "name";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "phoneNumber";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "country";
                                        /** @enum {string} */
                                        op: "equals" | "notEquals";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "tag";
                                        /** @enum {string} */
                                        op: "has" | "hasNot";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "optIn";
                                        /** @enum {string} */
                                        op: "equals";
                                        value: boolean;
                                    } | {
                                        /** @enum {string} */
                                        on: "createdAt";
                                        /** @enum {string} */
                                        op: "before" | "after" | "withinLastDays";
                                        value: string | number;
                                    } | {
                                        key: string;
                                        /** @enum {string} */
                                        on: "field";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                        value?: string | number | boolean;
                                    } | {
                                        /**
                                         * Format: uuid
                                         * @description A given campaign; any campaign when left out
                                         */
                                        campaignId?: string;
                                        /** @enum {string} */
                                        event: "received" | "delivered" | "read" | "clicked" | "replied";
                                        /** @enum {string} */
                                        on: "campaign";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    } | {
                                        /** @enum {string} */
                                        on: "lastInbound";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    })[];
                                    /** @enum {string} */
                                    match: "all" | "any";
                                };
                                id: string;
                                name: string;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a segment
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename a segment or change its filter
         * @description Access: authenticated.
         *
         *     Permission: contacts:write.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter?: {
                            conditions: ({
                                conditions: ({
                                    /** @enum {string} */
                                    on: "name";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "phoneNumber";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "country";
                                    /** @enum {string} */
                                    op: "equals" | "notEquals";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "tag";
                                    /** @enum {string} */
                                    op: "has" | "hasNot";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "optIn";
                                    /** @enum {string} */
                                    op: "equals";
                                    value: boolean;
                                } | {
                                    /** @enum {string} */
                                    on: "createdAt";
                                    /** @enum {string} */
                                    op: "before" | "after" | "withinLastDays";
                                    value: string | number;
                                } | {
                                    key: string;
                                    /** @enum {string} */
                                    on: "field";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                    value?: string | number | boolean;
                                } | {
                                    /**
                                     * Format: uuid
                                     * @description A given campaign; any campaign when left out
                                     */
                                    campaignId?: string;
                                    /** @enum {string} */
                                    event: "received" | "delivered" | "read" | "clicked" | "replied";
                                    /** @enum {string} */
                                    on: "campaign";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                } | {
                                    /** @enum {string} */
                                    on: "lastInbound";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                })[];
                                /** @enum {string} */
                                match: "all" | "any";
                                /** @enum {string} */
                                on: "group";
                            } | {
                                /** @enum {string} */
                                on: "name";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "phoneNumber";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "country";
                                /** @enum {string} */
                                op: "equals" | "notEquals";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "tag";
                                /** @enum {string} */
                                op: "has" | "hasNot";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "optIn";
                                /** @enum {string} */
                                op: "equals";
                                value: boolean;
                            } | {
                                /** @enum {string} */
                                on: "createdAt";
                                /** @enum {string} */
                                op: "before" | "after" | "withinLastDays";
                                value: string | number;
                            } | {
                                key: string;
                                /** @enum {string} */
                                on: "field";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                value?: string | number | boolean;
                            } | {
                                /**
                                 * Format: uuid
                                 * @description A given campaign; any campaign when left out
                                 */
                                campaignId?: string;
                                /** @enum {string} */
                                event: "received" | "delivered" | "read" | "clicked" | "replied";
                                /** @enum {string} */
                                on: "campaign";
                                /** @description Within the last this many days */
                                withinDays: number;
                            } | {
                                /** @enum {string} */
                                on: "lastInbound";
                                /** @description Within the last this many days */
                                withinDays: number;
                            })[];
                            /** @enum {string} */
                            match: "all" | "any";
                        };
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                filter: {
                                    conditions: ({
                                        conditions: ({
                                            /** @enum {string} */
                                            on: "name";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "phoneNumber";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "country";
                                            /** @enum {string} */
                                            op: "equals" | "notEquals";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "tag";
                                            /** @enum {string} */
                                            op: "has" | "hasNot";
                                            value: string;
                                        } | {
                                            /** @enum {string} */
                                            on: "optIn";
                                            /** @enum {string} */
                                            op: "equals";
                                            value: boolean;
                                        } | {
                                            /** @enum {string} */
                                            on: "createdAt";
                                            /** @enum {string} */
                                            op: "before" | "after" | "withinLastDays";
                                            value: string | number;
                                        } | {
                                            key: string;
                                            /** @enum {string} */
                                            on: "field";
                                            /** @enum {string} */
                                            op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                            value?: string | number | boolean;
                                        } | {
                                            /**
                                             * Format: uuid
                                             * @description A given campaign; any campaign when left out
                                             */
                                            campaignId?: string;
                                            /** @enum {string} */
                                            event: "received" | "delivered" | "read" | "clicked" | "replied";
                                            /** @enum {string} */
                                            on: "campaign";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        } | {
                                            /** @enum {string} */
                                            on: "lastInbound";
                                            /** @description Within the last this many days */
                                            withinDays: number;
                                        })[];
                                        /** @enum {string} */
                                        match: "all" | "any";
                                        /** @enum {string} */
                                        on: "group";
                                    } | {
                                        /** @enum {string} */
                                        on: "name";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "phoneNumber";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "country";
                                        /** @enum {string} */
                                        op: "equals" | "notEquals";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "tag";
                                        /** @enum {string} */
                                        op: "has" | "hasNot";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        on: "optIn";
                                        /** @enum {string} */
                                        op: "equals";
                                        value: boolean;
                                    } | {
                                        /** @enum {string} */
                                        on: "createdAt";
                                        /** @enum {string} */
                                        op: "before" | "after" | "withinLastDays";
                                        value: string | number;
                                    } | {
                                        key: string;
                                        /** @enum {string} */
                                        on: "field";
                                        /** @enum {string} */
                                        op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                        value?: string | number | boolean;
                                    } | {
                                        /**
                                         * Format: uuid
                                         * @description A given campaign; any campaign when left out
                                         */
                                        campaignId?: string;
                                        /** @enum {string} */
                                        event: "received" | "delivered" | "read" | "clicked" | "replied";
                                        /** @enum {string} */
                                        on: "campaign";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    } | {
                                        /** @enum {string} */
                                        on: "lastInbound";
                                        /** @description Within the last this many days */
                                        withinDays: number;
                                    })[];
                                    /** @enum {string} */
                                    match: "all" | "any";
                                };
                                id: string;
                                name: string;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/segments/{id}/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the contacts a segment matches now
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Contacts the filter matches now */
                                contacts: number;
                                /** @description Of those, the opted-in ones: who a campaign to it would reach now */
                                optedIn: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/segments/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count the contacts an unsaved filter matches now
         * @description Access: authenticated.
         *
         *     Permission: contacts:read.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        filter: {
                            conditions: ({
                                conditions: ({
                                    /** @enum {string} */
                                    on: "name";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "phoneNumber";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "country";
                                    /** @enum {string} */
                                    op: "equals" | "notEquals";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "tag";
                                    /** @enum {string} */
                                    op: "has" | "hasNot";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    on: "optIn";
                                    /** @enum {string} */
                                    op: "equals";
                                    value: boolean;
                                } | {
                                    /** @enum {string} */
                                    on: "createdAt";
                                    /** @enum {string} */
                                    op: "before" | "after" | "withinLastDays";
                                    value: string | number;
                                } | {
                                    key: string;
                                    /** @enum {string} */
                                    on: "field";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                    value?: string | number | boolean;
                                } | {
                                    /**
                                     * Format: uuid
                                     * @description A given campaign; any campaign when left out
                                     */
                                    campaignId?: string;
                                    /** @enum {string} */
                                    event: "received" | "delivered" | "read" | "clicked" | "replied";
                                    /** @enum {string} */
                                    on: "campaign";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                } | {
                                    /** @enum {string} */
                                    on: "lastInbound";
                                    /** @description Within the last this many days */
                                    withinDays: number;
                                })[];
                                /** @enum {string} */
                                match: "all" | "any";
                                /** @enum {string} */
                                on: "group";
                            } | {
                                /** @enum {string} */
                                on: "name";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "phoneNumber";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "country";
                                /** @enum {string} */
                                op: "equals" | "notEquals";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "tag";
                                /** @enum {string} */
                                op: "has" | "hasNot";
                                value: string;
                            } | {
                                /** @enum {string} */
                                on: "optIn";
                                /** @enum {string} */
                                op: "equals";
                                value: boolean;
                            } | {
                                /** @enum {string} */
                                on: "createdAt";
                                /** @enum {string} */
                                op: "before" | "after" | "withinLastDays";
                                value: string | number;
                            } | {
                                key: string;
                                /** @enum {string} */
                                on: "field";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith" | "greaterThan" | "lessThan" | "before" | "after" | "withinLastDays" | "isEmpty" | "isNotEmpty";
                                value?: string | number | boolean;
                            } | {
                                /**
                                 * Format: uuid
                                 * @description A given campaign; any campaign when left out
                                 */
                                campaignId?: string;
                                /** @enum {string} */
                                event: "received" | "delivered" | "read" | "clicked" | "replied";
                                /** @enum {string} */
                                on: "campaign";
                                /** @description Within the last this many days */
                                withinDays: number;
                            } | {
                                /** @enum {string} */
                                on: "lastInbound";
                                /** @description Within the last this many days */
                                withinDays: number;
                            })[];
                            /** @enum {string} */
                            match: "all" | "any";
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @description Contacts the filter matches now */
                                contacts: number;
                                /** @description Of those, the opted-in ones: who a campaign to it would reach now */
                                optedIn: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's message templates, newest first (filter by status, category, language)
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: templates:read.
         */
        get: {
            parameters: {
                query?: {
                    category?: "MARKETING" | "UTILITY" | "AUTHENTICATION";
                    language?: string;
                    page?: number;
                    pageSize?: number;
                    status?: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "PENDING_DELETION" | "LIMIT_EXCEEDED";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    /** @enum {string} */
                                    category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
                                    /** @description In the Cloud API's format */
                                    components: {
                                        [key: string]: unknown;
                                    }[];
                                    createdAt: string;
                                    id: string;
                                    language: string;
                                    name: string;
                                    /**
                                     * @description How its variables are written: {{1}} or {{first_name}}
                                     * @enum {string}
                                     */
                                    parameterFormat: "POSITIONAL" | "NAMED";
                                    /** @enum {string} */
                                    provider: "gateway" | "whatsapp-cloud";
                                    /** @description Why the provider rejected it; null otherwise */
                                    rejectedReason: string | null;
                                    /** @description Meta's explanation of a rejection and what to change (`rejection_info`); null otherwise */
                                    rejection: {
                                        reason: string | null;
                                        recommendation: string | null;
                                    } | null;
                                    /** @description Whether this service can send it (false for a flow or catalog button, say), whatever its status */
                                    sendable: boolean;
                                    /** @enum {string} */
                                    status: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "PENDING_DELETION" | "LIMIT_EXCEEDED";
                                    /** @description Why it cannot be sent; null when it can */
                                    unsendableReason: string | null;
                                    updatedAt: string;
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a template (a Cloud API business submits it for approval; a gateway business declares it approved)
         * @description Components in the Cloud API's format. Checked as the provider would (name, lengths, variables {{1}}..{{n}} without gaps, or with `parameter_format: NAMED` names such as {{first_name}}, with an example each; button kinds and counts; copy-code buttons; an authentication template's preset body and one OTP button): 400 naming the field. For a Cloud API business the template is submitted with `POST {base}/{waba-id}/message_templates` and starts `PENDING`.
         *
         *     Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: templates:write.
         *
         *     Accepts `Idempotency-Key`: a retry with the same key and request answers the first answer again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
                        components: ({
                            example?: {
                                header_handle?: string[];
                                header_text?: string[];
                                header_text_named_params?: {
                                    example: string;
                                    param_name: string;
                                }[];
                            };
                            /** @enum {string} */
                            format: "TEXT" | "IMAGE" | "VIDEO" | "DOCUMENT";
                            text?: string;
                            /** @enum {string} */
                            type: "HEADER";
                        } | {
                            /** @description Authentication templates only */
                            add_security_recommendation?: boolean;
                            example?: {
                                body_text?: string[][];
                                body_text_named_params?: {
                                    example: string;
                                    param_name: string;
                                }[];
                            };
                            text?: string;
                            /** @enum {string} */
                            type: "BODY";
                        } | {
                            /** @description Authentication templates only: 1 to 90 */
                            code_expiration_minutes?: number;
                            text?: string;
                            /** @enum {string} */
                            type: "FOOTER";
                        } | {
                            buttons: {
                                autofill_text?: string;
                                /** @description A URL button's example URL (a list of one); a COPY_CODE button's example code */
                                example?: string[] | string;
                                /**
                                 * @description OTP buttons (authentication templates)
                                 * @enum {string}
                                 */
                                otp_type?: "COPY_CODE" | "ONE_TAP" | "ZERO_TAP";
                                phone_number?: string;
                                /** @description ONE_TAP and ZERO_TAP buttons: the Android apps */
                                supported_apps?: {
                                    package_name: string;
                                    signature_hash: string;
                                }[];
                                text?: string;
                                /** @enum {string} */
                                type: "URL" | "QUICK_REPLY" | "PHONE_NUMBER" | "COPY_CODE" | "OTP";
                                url?: string;
                                zero_tap_terms_accepted?: boolean;
                            }[];
                            /** @enum {string} */
                            type: "BUTTONS";
                        })[];
                        language: string;
                        name: string;
                        /**
                         * @description `NAMED` for variables such as {{first_name}}; `POSITIONAL` ({{1}}, {{2}}...) when absent
                         * @enum {string}
                         */
                        parameter_format?: "POSITIONAL" | "NAMED";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
                                /** @description In the Cloud API's format */
                                components: {
                                    [key: string]: unknown;
                                }[];
                                createdAt: string;
                                id: string;
                                language: string;
                                name: string;
                                /**
                                 * @description How its variables are written: {{1}} or {{first_name}}
                                 * @enum {string}
                                 */
                                parameterFormat: "POSITIONAL" | "NAMED";
                                /** @enum {string} */
                                provider: "gateway" | "whatsapp-cloud";
                                /** @description Why the provider rejected it; null otherwise */
                                rejectedReason: string | null;
                                /** @description Meta's explanation of a rejection and what to change (`rejection_info`); null otherwise */
                                rejection: {
                                    reason: string | null;
                                    recommendation: string | null;
                                } | null;
                                /** @description Whether this service can send it (false for a flow or catalog button, say), whatever its status */
                                sendable: boolean;
                                /** @enum {string} */
                                status: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "PENDING_DELETION" | "LIMIT_EXCEEDED";
                                /** @description Why it cannot be sent; null when it can */
                                unsendableReason: string | null;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One template
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: templates:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
                                /** @description In the Cloud API's format */
                                components: {
                                    [key: string]: unknown;
                                }[];
                                createdAt: string;
                                id: string;
                                language: string;
                                name: string;
                                /**
                                 * @description How its variables are written: {{1}} or {{first_name}}
                                 * @enum {string}
                                 */
                                parameterFormat: "POSITIONAL" | "NAMED";
                                /** @enum {string} */
                                provider: "gateway" | "whatsapp-cloud";
                                /** @description Why the provider rejected it; null otherwise */
                                rejectedReason: string | null;
                                /** @description Meta's explanation of a rejection and what to change (`rejection_info`); null otherwise */
                                rejection: {
                                    reason: string | null;
                                    recommendation: string | null;
                                } | null;
                                /** @description Whether this service can send it (false for a flow or catalog button, say), whatever its status */
                                sendable: boolean;
                                /** @enum {string} */
                                status: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "PENDING_DELETION" | "LIMIT_EXCEEDED";
                                /** @description Why it cannot be sent; null when it can */
                                unsendableReason: string | null;
                                updatedAt: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a template (at the Cloud API too)
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: templates:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy the Cloud API account's templates here (upsert by name and language)
         * @description Access: verifiedEmail, verifiedBusiness.
         *
         *     Permission: templates:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                created: number;
                                /** @description Templates the provider holds for the account */
                                total: number;
                                updated: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s tickets with their comments, newest first
         * @description Access: authenticated.
         *
         *     Permission: support:use.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    businessId: string;
                                    comments: {
                                        /** @enum {string} */
                                        authorType: "business" | "admin";
                                        content: string;
                                        createdAt: string;
                                        id: string;
                                    }[];
                                    createdAt: string;
                                    id: string;
                                    /** @enum {string} */
                                    issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                                    /** @enum {string} */
                                    priority: "high" | "medium" | "low";
                                    question: string;
                                    /** @enum {string} */
                                    status: "pending" | "open" | "closed" | "resolved";
                                    updatedAt: string;
                                    uploadFileUrl: string[];
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Open a support ticket
         * @description Access: authenticated.
         *
         *     Permission: support:use.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                        question: string;
                        /** @default [] */
                        uploadFileUrl?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                businessId: string;
                                comments: {
                                    /** @enum {string} */
                                    authorType: "business" | "admin";
                                    content: string;
                                    createdAt: string;
                                    id: string;
                                }[];
                                createdAt: string;
                                id: string;
                                /** @enum {string} */
                                issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                                /** @enum {string} */
                                priority: "high" | "medium" | "low";
                                question: string;
                                /** @enum {string} */
                                status: "pending" | "open" | "closed" | "resolved";
                                updatedAt: string;
                                uploadFileUrl: string[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ticket with its comments (the owner’s, or any for an admin)
         * @description Access: authenticated.
         *
         *     Permission: support:use.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                businessId: string;
                                comments: {
                                    /** @enum {string} */
                                    authorType: "business" | "admin";
                                    content: string;
                                    createdAt: string;
                                    id: string;
                                }[];
                                createdAt: string;
                                id: string;
                                /** @enum {string} */
                                issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                                /** @enum {string} */
                                priority: "high" | "medium" | "low";
                                question: string;
                                /** @enum {string} */
                                status: "pending" | "open" | "closed" | "resolved";
                                updatedAt: string;
                                uploadFileUrl: string[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a ticket (its owner, or an admin)
         * @description Access: authenticated.
         *
         *     Permission: support:use.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        content: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                /** @enum {string} */
                                authorType: "business" | "admin";
                                content: string;
                                createdAt: string;
                                id: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every business’s tickets, by status and search (question, company, e-mail)
         * @description Access: admin.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    search?: string;
                    status?: "pending" | "open" | "closed" | "resolved";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    business: {
                                        companyName: string | null;
                                        email: string;
                                        id: string;
                                    };
                                    businessId: string;
                                    comments: {
                                        /** @enum {string} */
                                        authorType: "business" | "admin";
                                        content: string;
                                        createdAt: string;
                                        id: string;
                                    }[];
                                    createdAt: string;
                                    id: string;
                                    /** @enum {string} */
                                    issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                                    /** @enum {string} */
                                    priority: "high" | "medium" | "low";
                                    question: string;
                                    /** @enum {string} */
                                    status: "pending" | "open" | "closed" | "resolved";
                                    updatedAt: string;
                                    uploadFileUrl: string[];
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/admin/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a ticket’s status (any move) and optionally its priority; the owner is notified
         * @description Access: admin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        priority?: "high" | "medium" | "low";
                        /** @enum {string} */
                        status: "pending" | "open" | "closed" | "resolved";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                businessId: string;
                                comments: {
                                    /** @enum {string} */
                                    authorType: "business" | "admin";
                                    content: string;
                                    createdAt: string;
                                    id: string;
                                }[];
                                createdAt: string;
                                id: string;
                                /** @enum {string} */
                                issueType: "organizationAccount" | "userSubscription" | "paymentAndCredit" | "bugReports" | "featureRequests" | "campaignDelivery";
                                /** @enum {string} */
                                priority: "high" | "medium" | "low";
                                question: string;
                                /** @enum {string} */
                                status: "pending" | "open" | "closed" | "resolved";
                                updatedAt: string;
                                uploadFileUrl: string[];
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business’s files, newest first
         * @description Access: authenticated.
         *
         *     Permission: uploads:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                fileName: string;
                                id: string;
                                key: string;
                                size: string | null;
                                type: string | null;
                                url: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a file from storage and from the list
         * @description Access: authenticated.
         *
         *     Permission: uploads:write.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an uploaded file (201; 200 when it was already recorded)
         * @description Access: authenticated.
         *
         *     Permission: uploads:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        fileName: string;
                        size?: string;
                        type?: string;
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                fileName: string;
                                id: string;
                                key: string;
                                size: string | null;
                                type: string | null;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                fileName: string;
                                id: string;
                                key: string;
                                size: string | null;
                                type: string | null;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/upload/presigned-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived URL to PUT one file to (send the returned Content-Type header, no auth)
         * @description Access: authenticated.
         *
         *     Permission: uploads:write.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contentType: string;
                        fileName: string;
                        folder?: string;
                        size: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                expiresAt: string;
                                fileUrl: string;
                                headers: {
                                    [key: string]: string;
                                };
                                key: string;
                                maxBytes: number;
                                /** @enum {string} */
                                method: "PUT";
                                uploadUrl: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Deactivate the account (signing in again restores it)
         * @description The owner of a business that has other members is refused (409, `reason: "owner-of-team"`, with `businessIds`) until they hand ownership over.
         *
         *     Access: authenticated.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the e-mail address with a code sent to the new one
         * @description Needs the current password (accounts that have one) or a sign-in from the last 10 minutes (accounts without one). The old address gets a link that undoes the change for 7 days.
         *
         *     Access: authenticated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        /** Format: email */
                        newEmail: string;
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                hasPassword: boolean;
                                /** Format: uuid */
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/users/email/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo an e-mail change with the link sent to the old address
         * @description Puts the old address back, ends every session, and removes a password or identity link set since the change.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s account (`isAdmin` instead of the role)
         * @description Access: authenticated.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                hasPassword: boolean;
                                /** Format: uuid */
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change name or avatar; other fields are ignored
         * @description Access: authenticated.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        avatarUrl?: string | null;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                avatarUrl: string | null;
                                businessId: string | null;
                                createdAt: string;
                                deleted: boolean;
                                deletedAt: string | null;
                                email: string;
                                hasPassword: boolean;
                                /** Format: uuid */
                                id: string;
                                isAdmin: boolean;
                                name: string;
                                updatedAt: string;
                                verified: boolean;
                                whatsappNumber: string | null;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The business's webhook endpoints, oldest first; never a secret
         * @description Access: authenticated.
         *
         *     Permission: webhooks:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                updatedAt: string;
                                url: string;
                            }[];
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Register an https endpoint for some events; its signing secret is in this answer only
         * @description Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default  */
                        description?: string;
                        eventTypes: ("message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.received" | "message.clicked" | "campaign.status_changed" | "contact.created" | "contact.opted_out" | "template.status_changed" | "conversation.assigned")[];
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                secret: string;
                                updatedAt: string;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Access: authenticated.
         *
         *     Permission: webhooks:read.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                updatedAt: string;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete the endpoint and its delivery log
         * @description Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                updatedAt: string;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change the URL, description or events, or switch the endpoint off or on
         * @description Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        enabled?: boolean;
                        eventTypes?: ("message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.received" | "message.clicked" | "campaign.status_changed" | "contact.created" | "contact.opted_out" | "template.status_changed" | "conversation.assigned")[];
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                updatedAt: string;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's deliveries of the last 30 days, newest first; `status` filters
         * @description Access: authenticated.
         *
         *     Permission: webhooks:read.
         */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    status?: "pending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                items: {
                                    attempts: number;
                                    createdAt: string;
                                    /** Format: uuid */
                                    endpointId: string;
                                    eventType: string;
                                    id: string;
                                    lastAttemptAt: string | null;
                                    lastError: string | null;
                                    lastStatusCode: number | null;
                                    manual: boolean;
                                    nextAttemptAt: string | null;
                                    payload: unknown;
                                    /** @enum {string} */
                                    status: "pending" | "succeeded" | "failed";
                                }[];
                                page: number;
                                pageSize: number;
                                total: number;
                                totalPages: number;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again (same webhook-id and body): one attempt
         * @description Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                attempts: number;
                                createdAt: string;
                                /** Format: uuid */
                                endpointId: string;
                                eventType: string;
                                id: string;
                                lastAttemptAt: string | null;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                manual: boolean;
                                nextAttemptAt: string | null;
                                payload: unknown;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (shown once); the old one keeps signing too for 24 hours
         * @description Another rotation within those 24 hours is a 409: it would drop the secret receivers may still check.
         *
         *     Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                createdAt: string;
                                description: string;
                                disabledReason: string | null;
                                enabled: boolean;
                                eventTypes: string[];
                                failingSince: string | null;
                                /** Format: uuid */
                                id: string;
                                previousSecretExpiresAt: string | null;
                                secret: string;
                                updatedAt: string;
                                url: string;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a `webhook.test` event for this endpoint; answers its delivery
         * @description Access: authenticated.
         *
         *     Permission: webhooks:manage.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: {
                                attempts: number;
                                createdAt: string;
                                /** Format: uuid */
                                endpointId: string;
                                eventType: string;
                                id: string;
                                lastAttemptAt: string | null;
                                lastError: string | null;
                                lastStatusCode: number | null;
                                manual: boolean;
                                nextAttemptAt: string | null;
                                payload: unknown;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                            };
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/messaging-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inbound messages from the messaging gateway (opt-in and opt-out); 200 once authenticated
         * @description With MESSAGING_WEBHOOK_SECRET set, the callback must carry it as the `token` query parameter (in the URL configured at the gateway) or in the `x-webhook-token` header; otherwise 401 and nothing is stored.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/messaging-provider/delivery-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delivery reports from the messaging gateway (sent, delivered, read, failed); 200 once stored
         * @description One report as query or form fields (`externalId`, `deliveredTS`, `status`, `cause`, `phoneNo`, `errCode`) or a JSON array of events (`externalId`, `eventType`, `eventTs`, `cause`, `errorCode`, ...). Same token rule as the inbound callback (401 without it when MESSAGING_WEBHOOK_SECRET is set). Once accepted the answer is 200, unknown ids and unreadable items included (they are logged and counted); 503 only when the reports could not be stored, so the gateway sends them again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/payment-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment provider events (signed with HMAC-SHA512 of the raw body) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "x-payment-provider-signature"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/whatsapp-cloud": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Cloud API's subscription handshake: hub.challenge as plain text, or 403 */
        get: {
            parameters: {
                query?: {
                    "hub.challenge"?: string;
                    "hub.mode"?: string;
                    "hub.verify_token"?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * WhatsApp Cloud API events (statuses, messages, template updates); signed with the app secret
         * @description `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with WHATSAPP_CLOUD_APP_SECRET>` is checked first: missing or wrong is a 401 and nothing changes. Then 200 (unknown fields are acknowledged and ignored); 503 when the statuses or messages could not be stored, so Meta sends them again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            data: null;
                            message: string;
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            apiObject: string;
                            code: number;
                            errorMessage: {
                                [key: string]: unknown;
                            };
                            message: string;
                            /** @enum {string} */
                            status: "failure";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
