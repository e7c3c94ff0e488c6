import Foundation
import RosterAppModel

/// An app the database holds, as the Admin API makes and changes it: its ids, its group, the
/// app model an app directory and `export` read and write, and the values of the secrets the
/// model names (kept beside the model, never in it: an export writes none).
public struct HostedApp: Sendable, Equatable {
    /// The Admin API's id (`_id`), an ObjectId's hex.
    public var id: String
    public var groupId: String
    public var model: AppModel
    /// The values of the app's secrets, by name.
    public var secrets: [String: String]
    /// The product asked for at creation (`?product=standard`), answered back.
    public var product: String
    /// Changes held back until deployed; while there is one, edits of the app's resources go
    /// into it and the app is served as `model` says.
    public var draft: AppDraft? = nil
    /// The deployments made, newest first (at most `AppDeployment.kept`).
    public var deployments: [AppDeployment] = []
    /// What App Services' private API keeps for the app: feature flags and app settings.
    public var privateSettings = AppPrivateSettings()
    /// Counts the app's changes: 1 when made.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    /// The id clients name the app by.
    public var clientAppId: String { model.appId }

    /// The app as the Admin API's resource routes read and change it: the draft's model while
    /// there is a draft, else the model served.
    public var editedModel: AppModel { draft?.model ?? model }

    /// The values of the secrets as the Admin API changes them: the draft's while there is a
    /// draft, else those served.
    public var editedSecrets: [String: String] { draft.map { $0.secrets ?? secrets } ?? secrets }

    /// Puts `deployment` first in the app's list, the oldest past `AppDeployment.kept` dropped.
    mutating func add(_ deployment: AppDeployment) {
        deployments = Array(([deployment] + deployments).prefix(AppDeployment.kept))
    }
}

/// What a hosted app's row holds as its document: everything but the ids and the version,
/// which are columns of their own.
struct HostedAppDocument: Codable {
    var model: AppModel
    var secrets: [String: String]
    var product: String
    var draft: AppDraft?
    var deployments: [AppDeployment]?
    var privateSettings: AppPrivateSettings?
}
