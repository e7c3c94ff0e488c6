import Foundation
import RosterCore
import RosterServer
import RosterTUI
import RosterWire
import Testing

/// The log-in form offers the providers the server enables, including the app's function.
@Suite struct ProviderChoiceTests {
    @Test func theFormOffersWhatTheServerEnables() {
        var model = Sample.model()
        #expect(model.providerChoices == [.anonymous, .emailPassword, .apiKey, .customJWT])
        _ = update(&model, .providersLoaded([.emailPassword, .customFunction, .google, .anonymous]))
        // Google needs a browser flow the form does not have: it is left out.
        #expect(model.providerChoices == [.emailPassword, .customFunction, .anonymous])
        model.press(.char("n"))
        #expect(model.form?.provider == .emailPassword)
        model.type(" ")
        #expect(model.form?.provider == .customFunction)
        #expect(model.form?.fields == [.provider, .payload])
        model.type(" ")
        #expect(model.form?.provider == .anonymous)
        model.type("4")
        #expect(model.form?.provider == .anonymous, "no fourth choice")
        model.type("2")
        #expect(model.form?.provider == .customFunction)
        #expect(model.screen.line(containing: "Space or 1-3 to change") != nil)
    }

    @Test func anOpenFormFollowsTheServersList() {
        var model = Sample.model()
        model.press(.char("n"), .char("3"))
        #expect(model.form?.provider == .apiKey)
        _ = update(&model, .providersLoaded([.anonymous, .emailPassword]))
        #expect(model.form?.choices == [.anonymous, .emailPassword])
        #expect(model.form?.provider == .anonymous)
        // An empty or unusable list keeps what the form had.
        _ = update(&model, .providersLoaded([.facebook]))
        #expect(model.providerChoices == [.anonymous, .emailPassword])
    }

    @Test func theFunctionPayloadMustBeAJSONObject() {
        var model = Sample.model()
        _ = update(&model, .providersLoaded([.customFunction]))
        model.press(.char("n"), .tab)
        #expect(model.form?.focus == .payload)
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! type the JSON object for the function") != nil)
        model.type("[1, 2]")
        #expect(model.press(.enter).isEmpty)
        #expect(model.screen.line(containing: "! not a JSON object") != nil)
        for _ in 0..<6 { model.press(.backspace) }
        model.type(#" {"pin": "1234"} "#)
        let effects = model.press(.enter)
        #expect(effects == [.login(LoginRequest(provider: .customFunction, secret: #"{"pin": "1234"}"#))])
        if case .login(let request) = effects.first, case .function(let payload) = request.credentials {
            #expect(payload == ["pin": "1234"])
        } else {
            Issue.record("not a function log-in")
        }
    }

    @Test func theServerSaysWhichProvidersAndTheFunctionLogsInThroughTheForm() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tui-auth-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            #!/bin/sh
            case "$(cat)" in
              *'"pin":"1234"'*) printf '{"id": "kiosk-ada", "name": "Ada"}' ;;
              *) printf '{"error": "unknown PIN"}' ;;
            esac
            """.utf8).write(to: script)
        let demo = try await DemoServer.start { config in
            config.providers.customFunction = CustomFunctionConfig(function: FunctionConfig(command: ["/bin/sh", script.path]))
            config.providers.apiKey = nil
            config.providers.customToken = nil
        }
        defer { demo.remove() }
        #expect(try await demo.app.enabledProviders() == [.anonymous, .emailPassword, .customFunction])
        let switcher = try RunningSwitcher.start(demo)
        switcher.terminal.press(.char("n"))
        // Three choices, not the four assumed before the server answers.
        await switcher.waitFor("Space or 1-3 to change")
        switcher.terminal.press(.char("3"), .tab)
        switcher.terminal.type(#"{"pin": "0000"}"#)
        switcher.terminal.press(.enter)
        await switcher.waitFor("error: unknown PIN")
        for _ in 0..<6 { switcher.terminal.press(.backspace) }
        switcher.terminal.type(#"1234"}"#)
        switcher.terminal.press(.enter)
        await switcher.waitFor("Logged in Ada")
        await switcher.waitFor("> * Ada")
        await switcher.waitFor("provider  function")
        _ = try await switcher.quit()
    }
}
