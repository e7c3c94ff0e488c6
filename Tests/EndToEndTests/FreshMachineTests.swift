import Foundation
import Testing

/// What a newcomer meets before Roster runs: the one list of Debian packages, the script that
/// installs them for `make run` and `make test`, and documents that explain the code citing them.
extension EndToEndTests {
    @Suite("a fresh machine")
    struct FreshMachineTests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        static let installer = root.appendingPathComponent("scripts/install-packages").path
        static let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"]

        /// A list with a package no machine has, readable by the user the script runs as.
        private func list(_ text: String) throws -> URL {
            let file = try CommandRunner.temporaryDirectory("packages").appendingPathComponent("debian-packages")
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.deletingLastPathComponent().path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            return file
        }

        private func install(_ parts: [String], list: URL, as user: String? = nil) throws -> CommandRunner.Result {
            var environment = Self.environment
            environment["ROSTER_PACKAGE_LIST"] = list.path
            let (path, arguments) = user.map { ("/usr/sbin/runuser", ["-u", $0, "--", Self.installer] + parts) }
                ?? (Self.installer, parts)
            let ran = try ChildProcess.run(path: path, arguments, environment: environment)
            return .init(
                status: ran.status, stdout: String(decoding: ran.stdout, as: UTF8.self), stderr: String(decoding: ran.stderr, as: UTF8.self))
        }

        @Test func anotherUserIsToldTheOneLineToRunAndNothingIsInstalled() throws {
            let file = try list(
                """
                [build]
                coreutils              # every machine has it
                roster-absent-package  # no machine has it
                [test]
                roster-absent-tool
                """)
            let build = try install(["build"], list: file, as: "nobody")
            #expect(build.status == 1)
            #expect(build.stderr.contains("\n  sudo apt-get install -y roster-absent-package\n"), "\(build.stderr)")
            let both = try install(["build", "test"], list: file, as: "nobody")
            #expect(both.status == 1)
            #expect(both.stderr.contains("sudo apt-get install -y roster-absent-package roster-absent-tool\n"), "\(both.stderr)")
            #expect(both.stderr.split(separator: "\n").filter { $0.contains("apt-get") }.count == 1)
        }

        @Test func nothingMissingIsNothingToDo() throws {
            let file = try list("[build]\ncoreutils\n[test]\nbash  # a comment\n")
            let result = try install(["build", "test"], list: file, as: "nobody")
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
        }

        @Test func anUnknownPartIsRefusedByName() throws {
            let result = try install(["tests"], list: try list("[build]\ncoreutils\n"))
            #expect(result.status == 2)
            #expect(result.stderr.contains("has no part [tests]"), "\(result.stderr)")
        }

        /// The README names the packages of each part as the list has them.
        @Test func theReadmeListsThePackagesOfTheList() throws {
            let text = try String(contentsOf: Self.root.appendingPathComponent("scripts/debian-packages"), encoding: .utf8)
            var parts: [String: [String]] = [:]
            var part = ""
            for line in text.split(separator: "\n") {
                let bare = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    .trimmingCharacters(in: .whitespaces)
                if bare.hasPrefix("[") { part = String(bare.dropFirst().dropLast()) } else if !bare.isEmpty { parts[part, default: []].append(bare) }
            }
            #expect(Set(parts.keys) == ["build", "test"])
            let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
            for (prefix, name) in [("- to build and run: ", "build"), ("- to test, besides: ", "test")] {
                let start = try #require(readme.range(of: prefix))
                let end = try #require(readme[start.upperBound...].firstIndex { $0 == ";" || $0 == "." })
                let listed = readme[start.upperBound..<end].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                #expect(listed == parts[name], "README's \(name) packages")
            }
        }

        /// Every `BEHAVIOURS n` that the code and the tests cite is a numbered line of
        /// docs/BEHAVIOURS.md, and every document they cite is in the repository.
        @Test func everyCitedDocumentAndBehaviourIsInTheRepository() throws {
            let contract = try String(contentsOf: Self.root.appendingPathComponent("docs/BEHAVIOURS.md"), encoding: .utf8)
            let numbered = Set(contract.split(separator: "\n").compactMap { line in
                line.firstIndex(of: ".").flatMap { Int(line[..<$0]) }
            })
            #expect(numbered == Set(1...numbered.count))
            var cited: Set<Int> = []
            var documents: Set<String> = []
            let behaviour = /BEHAVIOURS?\s+(\d+(?:(?:,\s*|\s+and\s+|\s*[-–]\s*)\d+)*)/
            let document = /(?:docs\/)?[A-Z][A-Z-]+\.md/
            for folder in ["Sources", "Tests"] {
                let files = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)!
                for case let file as URL in files where file.pathExtension == "swift" {
                    let text = try String(contentsOf: file, encoding: .utf8)
                    for match in text.matches(of: behaviour) {
                        cited.formUnion(match.1.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) })
                    }
                    documents.formUnion(text.matches(of: document).map { String($0.0) })
                }
            }
            #expect(cited.count > 40)
            #expect(cited.subtracting(numbered).isEmpty, "cited but not in docs/BEHAVIOURS.md: \(cited.subtracting(numbered).sorted())")
            for name in documents {
                let path = name.hasPrefix("docs/") || name == "README.md" ? name : "docs/" + name
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(name) is cited but missing")
            }
        }
    }
}
